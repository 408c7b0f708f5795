import { useState } from 'react';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import PhotoOutlined from '@mui/icons-material/PhotoOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { lightboxNext, lightboxPrevious } from '../logic/widgets';
import { DemoPage } from '../shared/DemoPage';
import { useDemoTexts } from '../texts';

/** Album tiles drawn in colour: the demo ships and fetches no photos. */
const albums = [
  { title: 'Reading room', colour: '#AB47BC' },
  { title: 'Opening day', colour: '#3F51B5' },
  { title: 'Garden', colour: '#43A047' },
  { title: 'Night study', colour: '#263238' },
  { title: 'Book fair', colour: '#FF5722' },
  { title: 'Workshop', colour: '#00BCD4' },
];

/** /app/pages/photo-gallery: album tiles and a lightbox whose next and previous wrap around. */
export function PhotoGalleryPage() {
  const texts = useDemoTexts();
  const [open, setOpen] = useState<number | null>(null);
  const current = open === null ? null : albums[open]!;
  return (
    <DemoPage group="pages" slug="photo-gallery" source="pages/PhotoGalleryPage.tsx">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
        {albums.map((album, index) => (
          <ButtonBase
            key={album.title}
            onClick={() => setOpen(index)}
            aria-label={`${texts.common.open}: ${album.title}`}
            sx={{ borderRadius: 1, overflow: 'hidden', display: 'block', textAlign: 'left' }}
          >
            <Box
              sx={{
                height: 160,
                bgcolor: album.colour,
                color: '#fff',
                display: 'grid',
                placeItems: 'center',
              }}
            >
              <PhotoOutlined sx={{ fontSize: 48 }} aria-hidden />
            </Box>
            <Typography sx={{ p: 1, bgcolor: 'background.paper' }}>{album.title}</Typography>
          </ButtonBase>
        ))}
      </Box>
      <Dialog
        open={current !== null}
        onClose={() => setOpen(null)}
        maxWidth="md"
        fullWidth
        aria-label={current?.title}
      >
        {current !== null && open !== null && (
          <Box
            sx={{
              position: 'relative',
              bgcolor: current.colour,
              color: '#fff',
              height: { xs: 260, md: 420 },
              display: 'grid',
              placeItems: 'center',
            }}
          >
            <Typography variant="h4" component="p">
              {current.title}
            </Typography>
            <Typography sx={{ position: 'absolute', bottom: 12 }} data-testid="lightbox-position">
              {open + 1} / {albums.length}
            </Typography>
            <IconButton
              aria-label={texts.common.previous}
              onClick={() => setOpen(lightboxPrevious(open, albums.length))}
              sx={{ position: 'absolute', left: 8, color: 'inherit' }}
            >
              <ChevronLeft fontSize="large" />
            </IconButton>
            <IconButton
              aria-label={texts.common.next}
              onClick={() => setOpen(lightboxNext(open, albums.length))}
              sx={{ position: 'absolute', right: 8, color: 'inherit' }}
            >
              <ChevronRight fontSize="large" />
            </IconButton>
            <IconButton
              aria-label={texts.common.close}
              onClick={() => setOpen(null)}
              sx={{ position: 'absolute', top: 8, right: 8, color: 'inherit' }}
            >
              <Close />
            </IconButton>
          </Box>
        )}
      </Dialog>
    </DemoPage>
  );
}
