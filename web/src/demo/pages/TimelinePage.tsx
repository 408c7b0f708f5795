import { useState } from 'react';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Lock from '@mui/icons-material/Lock';
import People from '@mui/icons-material/People';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Public from '@mui/icons-material/Public';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  addPostImages,
  emptyComposer,
  privacyIcons,
  privacyLabels,
  privacyOptions,
  publish,
  toggleLike,
} from '../logic/posts';
import type { Post, Privacy } from '../logic/posts';
import { DemoPage } from '../shared/DemoPage';
import { useLocalTexts } from '../texts';

const icons = { Public, People, Lock };

const labels = {
  en: {
    whatsNew: "What's on your mind?",
    privacy: 'Privacy',
    addImages: 'Add images',
    post: 'Post',
    like: 'Like',
    images: '{n} image(s) attached',
    privacyNames: privacyLabels,
  },
  de: {
    whatsNew: 'Was gibt es Neues?',
    privacy: 'Sichtbarkeit',
    addImages: 'Bilder hinzufügen',
    post: 'Veröffentlichen',
    like: 'Gefällt mir',
    images: '{n} Bild(er) angehängt',
    privacyNames: { public: 'Öffentlich', friends: 'Freunde', private: 'Nur ich' } as Record<Privacy, string>,
  },
};

const firstPosts: Post[] = [
  {
    id: 1,
    name: 'Alma Berger',
    date: '2026-11-25',
    time: '10:20',
    icon: 'public',
    avatar: '#AB47BC',
    image: '',
    content: 'The new reading lamps are in. Room A feels like a different place.',
    liked: false,
    comments: [{ id: 1, from: 'Ben Okafor', avatar: '#3F51B5', date: '2026-11-25', message: 'Finally!' }],
  },
  {
    id: 2,
    name: 'Chen Li',
    date: '2026-11-24',
    time: '18:02',
    icon: 'friends',
    avatar: '#43A047',
    image: '',
    content: 'WiFi in the quiet hall is twice as fast after the router swap.',
    liked: true,
    comments: [],
  },
];

function PrivacyIcon({ privacy }: { privacy: Privacy }) {
  const Icon = icons[privacyIcons[privacy]];
  return <Icon fontSize="small" aria-hidden />;
}

/** /app/pages/timeline: a post composer (privacy, up to two images) and the posts. */
export function TimelinePage() {
  const l = useLocalTexts(labels);
  const [posts, setPosts] = useState(firstPosts);
  const [composer, setComposer] = useState(emptyComposer);
  return (
    <DemoPage group="pages" slug="timeline" source="pages/TimelinePage.tsx">
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <Paper sx={{ p: 2 }}>
          <TextField
            label={l.whatsNew}
            multiline
            minRows={2}
            fullWidth
            value={composer.text}
            onChange={(event) => setComposer({ ...composer, text: event.target.value })}
          />
          <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          >
            <Button component="label" startIcon={<PhotoCamera />} size="small">
              {l.addImages}
              <input
                hidden
                type="file"
                multiple
                accept="image/jpeg,image/png,image/bmp"
                onChange={(event) =>
                  setComposer({
                    ...composer,
                    images: addPostImages(composer.images, [...(event.target.files ?? [])]),
                  })
                }
              />
            </Button>
            {composer.images.length > 0 && (
              <Typography variant="body2">
                {l.images.replace('{n}', String(composer.images.length))}
              </Typography>
            )}
            <Box sx={{ flexGrow: 1 }} />
            <TextField
              select
              size="small"
              label={l.privacy}
              value={composer.privacy}
              onChange={(event) => setComposer({ ...composer, privacy: event.target.value as Privacy })}
              sx={{ minWidth: 140 }}
            >
              {privacyOptions.map((option) => (
                <MenuItem key={option} value={option}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <PrivacyIcon privacy={option} />
                    <span>{l.privacyNames[option]}</span>
                  </Stack>
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              disabled={composer.text.trim() === '' && composer.images.length === 0}
              onClick={() => {
                const next = publish(posts, composer, { name: 'You', avatar: '#607D8B' }, new Date());
                setPosts(next.posts);
                setComposer(next.composer);
              }}
            >
              {l.post}
            </Button>
          </Stack>
        </Paper>
        {posts.map((post) => (
          <Paper key={post.id} component="article" sx={{ p: 2 }} aria-label={post.name}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
              <Avatar sx={{ bgcolor: post.avatar }}>{post.name[0]}</Avatar>
              <Box sx={{ flexGrow: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{post.name}</Typography>
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
                  <Typography variant="caption">
                    {post.date} {post.time}
                  </Typography>
                  <PrivacyIcon privacy={post.icon} />
                </Stack>
              </Box>
            </Stack>
            <Typography>{post.content}</Typography>
            <IconButton
              aria-label={l.like}
              aria-pressed={post.liked}
              onClick={() => setPosts(toggleLike(posts, post.id))}
            >
              {post.liked ? <Favorite color="error" /> : <FavoriteBorder />}
            </IconButton>
            {post.comments.map((comment) => (
              <Typography key={comment.id} variant="body2" color="text.secondary">
                <strong>{comment.from}</strong> {comment.message}
              </Typography>
            ))}
          </Paper>
        ))}
      </Stack>
    </DemoPage>
  );
}
