import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Facebook from '@mui/icons-material/Facebook';
import GitHub from '@mui/icons-material/GitHub';
import Google from '@mui/icons-material/Google';
import { useTranslation } from 'react-i18next';

const providers = [
  { key: 'google', Icon: Google },
  { key: 'facebook', Icon: Facebook },
  { key: 'github', Icon: GitHub },
] as const;

/**
 * Placeholders (spec section 2): shown, but disabled with a 'Coming soon' tooltip, so nobody
 * mistakes them for a working way in.
 */
export function SocialButtons({ purpose }: { purpose: 'signIn' | 'register' }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
      {providers.map(({ key, Icon }) => {
        const provider = t(`auth.${key}`);
        const label =
          purpose === 'signIn'
            ? t('auth.socialSignIn', { provider })
            : t('register.registerWith', { provider });
        return (
          <Tooltip key={key} title={t('auth.comingSoon')} describeChild>
            {/* A disabled button fires no pointer events; the span lets the tooltip still appear. */}
            <Box component="span" tabIndex={0} sx={{ display: 'block', borderRadius: 1 }}>
              <Button
                variant="outlined"
                color="inherit"
                disabled
                fullWidth
                startIcon={<Icon />}
                aria-label={`${label} (${t('auth.comingSoon')})`}
                sx={{ textTransform: 'none', '& .MuiButton-startIcon': { mx: { xs: 0, sm: 1 } } }}
              >
                {/* On a phone the three fit side by side only as icons; the label names them. */}
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  {provider}
                </Box>
              </Button>
            </Box>
          </Tooltip>
        );
      })}
    </Box>
  );
}
