import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {subtitle !== undefined && <Typography color="text.secondary">{subtitle}</Typography>}
    </Box>
  );
}
