import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { landingNavHeight } from './sections';

export interface SectionProps {
  id: string;
  title: string;
  subtitle: string;
  /** A tinted background, alternating with plain sections. */
  tinted?: boolean;
  children: ReactNode;
}

/** One landing section: its anchor, a centred heading and the content below. */
export function Section({ id, title, subtitle, tinted = false, children }: SectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      sx={{
        scrollMarginTop: landingNavHeight,
        py: { xs: 7, md: 10 },
        bgcolor: tinted ? 'action.hover' : 'background.default',
      }}
    >
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', maxWidth: 720, mx: 'auto', mb: { xs: 4, md: 6 } }}>
          <Typography
            id={headingId}
            variant="h3"
            component="h2"
            sx={{ fontWeight: 700, fontSize: { xs: '1.85rem', md: '2.5rem' }, mb: 1.5, textWrap: 'balance' }}
          >
            {title}
          </Typography>
          <Box
            aria-hidden
            sx={{ width: 56, height: 4, borderRadius: 2, bgcolor: 'secondary.main', mx: 'auto', mb: 2 }}
          />
          <Typography color="text.secondary" sx={{ fontSize: { xs: '1rem', md: '1.125rem' } }}>
            {subtitle}
          </Typography>
        </Box>
        {children}
      </Container>
    </Box>
  );
}
