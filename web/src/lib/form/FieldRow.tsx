import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Fields side by side from the small breakpoint up, stacked on phones. */
export function FieldRow({ children, columns = 2 }: { children: ReactNode; columns?: number }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, minmax(0, 1fr))` },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}
