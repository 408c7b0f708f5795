import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useDemoTexts } from '../texts';

const article = {
  title: 'How a quiet room changes the way we study',
  date: 'November 26, 2026',
  author: 'Alma Berger',
  paragraphs: [
    'Sample text of the template blog. A featured banner opens the article, then the story follows in plain paragraphs.',
    'Nothing on this page is product data: it shows how an article page looks inside the public site.',
  ],
};

/** /blog/article: the template's featured post banner and one article, outside the /app frame. */
export function BlogArticlePage() {
  const texts = useDemoTexts();
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', pb: 6 }}>
      <Paper
        square
        elevation={0}
        sx={{
          color: 'primary.contrastText',
          background: (theme) =>
            `linear-gradient(120deg, ${theme.palette.primary.dark}, ${theme.palette.secondary.main})`,
          py: { xs: 6, md: 10 },
          mb: 4,
        }}
      >
        <Container maxWidth="md">
          <Chip label={texts.demoBadge} color="secondary" size="small" sx={{ mb: 2 }} />
          <Typography variant="h3" component="h1" sx={{ fontWeight: 700 }}>
            {article.title}
          </Typography>
          <Typography sx={{ mt: 1, opacity: 0.9 }}>
            {article.author} · {article.date}
          </Typography>
        </Container>
      </Paper>
      <Container maxWidth="md">
        {article.paragraphs.map((paragraph) => (
          <Typography key={paragraph} sx={{ fontSize: 18, mb: 2 }}>
            {paragraph}
          </Typography>
        ))}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {texts.demoNote}
        </Typography>
        <Button component={RouterLink} to="/app/pages/photo-gallery" variant="outlined">
          {texts.titles['photo-gallery']}
        </Button>
      </Container>
    </Box>
  );
}
