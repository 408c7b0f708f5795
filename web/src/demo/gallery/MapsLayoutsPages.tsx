import Place from '@mui/icons-material/Place';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DemoPage } from '../shared/DemoPage';
import { useDemoTexts, useLocalTexts } from '../texts';

/** Invented places on a 0..100 grid: the demo has no map provider and loads nothing external. */
const markers = [
  { name: 'North branch', x: 30, y: 25 },
  { name: 'South branch', x: 60, y: 75 },
  { name: 'City library', x: 75, y: 35 },
];

/** /app/maps/map-marker: a clear placeholder instead of a map that needs a provider key. */
export function MapMarkerPage() {
  const texts = useDemoTexts();
  return (
    <DemoPage group="maps" slug="map-marker" source="gallery/MapsLayoutsPages.tsx">
      <Alert severity="info" sx={{ mb: 2 }}>
        {texts.mapPlaceholder}
      </Alert>
      <Paper
        role="img"
        aria-label={markers.map((marker) => marker.name).join(', ')}
        sx={{
          position: 'relative',
          height: 320,
          backgroundImage: (theme) =>
            `linear-gradient(${theme.palette.divider} 1px, transparent 1px), linear-gradient(90deg, ${theme.palette.divider} 1px, transparent 1px)`,
          backgroundSize: '40px 40px',
          mb: 2,
        }}
      >
        {markers.map((marker) => (
          <Box
            key={marker.name}
            sx={{
              position: 'absolute',
              left: `${marker.x}%`,
              top: `${marker.y}%`,
              transform: 'translate(-50%, -100%)',
              textAlign: 'center',
            }}
          >
            <Place color="error" fontSize="large" aria-hidden />
            <Typography
              variant="caption"
              sx={{ display: 'block', bgcolor: 'background.paper', px: 0.5, borderRadius: 0.5 }}
            >
              {marker.name}
            </Typography>
          </Box>
        ))}
      </Paper>
      <List dense>
        {markers.map((marker) => (
          <ListItem key={marker.name}>
            <ListItemIcon>
              <Place />
            </ListItemIcon>
            <ListItemText primary={marker.name} />
          </ListItem>
        ))}
      </List>
    </DemoPage>
  );
}

function Cell({ label }: { label: string }) {
  return (
    <Paper sx={{ p: 2, textAlign: 'center' }}>
      <Typography variant="body2">{label}</Typography>
    </Paper>
  );
}

/** /app/layouts/grid: the responsive grid the dashboards use. */
export function GridLayoutPage() {
  return (
    <DemoPage group="layouts" slug="grid" source="gallery/MapsLayoutsPages.tsx">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(12, minmax(0, 1fr))' }}>
        <Box sx={{ gridColumn: 'span 12' }}>
          <Cell label="xs=12" />
        </Box>
        {[1, 2].map((n) => (
          <Box key={n} sx={{ gridColumn: { xs: 'span 12', sm: 'span 6' } }}>
            <Cell label="xs=12 sm=6" />
          </Box>
        ))}
        {[1, 2, 3, 4].map((n) => (
          <Box key={n} sx={{ gridColumn: { xs: 'span 6', md: 'span 3' } }}>
            <Cell label="xs=6 md=3" />
          </Box>
        ))}
      </Box>
    </DemoPage>
  );
}

/** /app/layouts/app-layout: a side list and a content pane, as the mail and chat pages use. */
export function AppLayoutPage() {
  const l = useLocalTexts({
    en: { sidebar: 'Sidebar', content: 'Content' },
    de: { sidebar: 'Seitenleiste', content: 'Inhalt' },
  });
  return (
    <DemoPage group="layouts" slug="app-layout" source="gallery/MapsLayoutsPages.tsx">
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '240px 1fr' }, minHeight: 320 }}
      >
        <Cell label={l.sidebar} />
        <Cell label={l.content} />
      </Box>
    </DemoPage>
  );
}
