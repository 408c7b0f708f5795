import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Section } from './Section';
import { FastifyMark, MuiMark, PostgresMark, ReactMark, TypeScriptMark } from './TechLogos';

const technologies = [
  { mark: ReactMark, name: 'landing.tech.react', role: 'landing.tech.reactRole' },
  { mark: MuiMark, name: 'landing.tech.mui', role: 'landing.tech.muiRole' },
  { mark: FastifyMark, name: 'landing.tech.fastify', role: 'landing.tech.fastifyRole' },
  { mark: PostgresMark, name: 'landing.tech.postgres', role: 'landing.tech.postgresRole' },
  { mark: TypeScriptMark, name: 'landing.tech.typescript', role: 'landing.tech.typescriptRole' },
] as const satisfies readonly { mark: ComponentType; name: string; role: string }[];

export function TechSection() {
  const { t } = useTranslation('landing');
  return (
    <Section id="tech" tinted title={t('landing.tech.title')} subtitle={t('landing.tech.subtitle')}>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' },
          gap: 2,
        }}
      >
        {technologies.map(({ mark: Mark, name, role }) => (
          <Paper
            component="li"
            key={name}
            variant="outlined"
            sx={{
              p: 3,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              textAlign: 'center',
              gap: 1,
              // The fifth tile would sit alone at the left on two columns; centre it across both.
              '&:last-of-type': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
            }}
          >
            <Box
              sx={{
                width: 80,
                height: 80,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'grey.100' : 'grey.50'),
                border: 1,
                borderColor: 'divider',
              }}
            >
              <Mark />
            </Box>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
              {t(name)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(role)}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Section>
  );
}
