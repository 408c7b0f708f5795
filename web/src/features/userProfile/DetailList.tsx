import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A titled card of label/value pairs (a description list, so screen readers pair them). */
export function DetailCard(props: {
  id: string;
  title: string;
  rows: { label: string; value: ReactNode }[];
  action?: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={props.id} sx={{ p: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Typography variant="h6" component="h2" id={props.id}>
          {props.title}
        </Typography>
        {props.action}
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          // On a phone a long label ('Added to biometric machine') would crush the value column.
          gridTemplateColumns: {
            xs: 'minmax(0, 2fr) minmax(0, 3fr)',
            sm: 'minmax(96px, max-content) minmax(0, 1fr)',
          },
          columnGap: 3,
          rowGap: 1.25,
        }}
      >
        {props.rows.map((row) => (
          <Box key={row.label} sx={{ display: 'contents' }}>
            {/* German compounds ('Gebührenstruktur') are wider than the label column on a phone. */}
            <Typography
              component="dt"
              color="text.secondary"
              sx={{ overflowWrap: 'anywhere', hyphens: 'auto' }}
            >
              {row.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {row.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
