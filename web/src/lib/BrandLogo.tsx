import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { branding } from './branding';

export interface BrandLogoProps {
  /** Hide the name and show only the tile, e.g. in a collapsed drawer. */
  compact?: boolean;
  /** The name's colour; inherit on coloured bars. */
  color?: 'inherit' | 'primary' | 'text.primary';
}

/** The product's logo: a tile with the logo text, then the name. Decorative parts are hidden from readers. */
export function BrandLogo({ compact = false, color = 'text.primary' }: BrandLogoProps) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <Box
        component="span"
        aria-hidden={!compact}
        aria-label={compact ? branding.name : undefined}
        role={compact ? 'img' : undefined}
        sx={{
          width: 36,
          height: 36,
          flexShrink: 0,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          color: 'common.white',
          fontWeight: 800,
          fontSize: 15,
          letterSpacing: 0.5,
          background: (theme) =>
            `linear-gradient(135deg, ${theme.palette.primary.dark}, ${theme.palette.secondary.dark})`,
          boxShadow: 2,
        }}
      >
        {branding.logoText}
      </Box>
      {!compact && (
        <Typography
          component="span"
          variant="h6"
          sx={{ fontWeight: 700, color, lineHeight: 1, whiteSpace: 'nowrap' }}
        >
          {branding.name}
        </Typography>
      )}
    </Box>
  );
}
