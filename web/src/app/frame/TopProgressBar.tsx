import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Fade from '@mui/material/Fade';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

/** The progress bar ticks every 500 ms, adding up to 40 percent (spec section 9). */
export const progressTickMs = 500;
export const progressMaxStep = 40;

/** A thin determinate bar across the top that rises by random steps and fades at 100. */
/** Remount it (a new `key`) to run it again. */
export function TopProgressBar() {
  const { t } = useTranslation();
  const [value, setValue] = useState(0);

  useEffect(() => {
    const timer = window.setInterval(() => {
      setValue((current) => {
        const next = Math.min(100, current + Math.ceil(Math.random() * progressMaxStep));
        if (next >= 100) window.clearInterval(timer);
        return next;
      });
    }, progressTickMs);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <Fade in={value < 100} timeout={{ enter: 0, exit: 400 }}>
      <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'tooltip', pointerEvents: 'none' }}>
        <LinearProgress
          variant="determinate"
          value={value}
          color="secondary"
          aria-label={t('app.loading')}
          sx={{ height: 3 }}
        />
      </Box>
    </Fade>
  );
}
