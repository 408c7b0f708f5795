/** Timeline post composer (spec sections 3, 4 and 5). */
export const privacyOptions = ['public', 'friends', 'private'] as const;
export type Privacy = (typeof privacyOptions)[number];

export const defaultPrivacy: Privacy = 'public';

/** What each privacy choice is called ('private' is shown as 'Only Me'). */
export const privacyLabels: Record<Privacy, string> = {
  public: 'Public',
  friends: 'Friends',
  private: 'Only Me',
};

/** The icon (a name of @mui/icons-material) each privacy choice shows. */
export const privacyIcons: Record<Privacy, 'Public' | 'People' | 'Lock'> = {
  public: 'Public',
  friends: 'People',
  private: 'Lock',
};

export interface Composer {
  text: string;
  images: File[];
  privacy: Privacy;
}

export function emptyComposer(): Composer {
  return { text: '', images: [], privacy: defaultPrivacy };
}

export const postImageRules = {
  types: ['image/jpeg', 'image/png', 'image/bmp'],
  maxBytes: 3_000_000,
  maxFiles: 2,
};

/**
 * Adds chosen images: wrong types and files over 3 MB are left out; over two files in all, the
 * extra ones are only logged, as the template did (spec section 5).
 */
export function addPostImages(current: readonly File[], chosen: readonly File[], log = console.info): File[] {
  const fitting = chosen.filter(
    (file) => postImageRules.types.includes(file.type) && file.size <= postImageRules.maxBytes,
  );
  const all = [...current, ...fitting];
  if (all.length > postImageRules.maxFiles)
    log(`At most ${postImageRules.maxFiles} images; ${all.length - postImageRules.maxFiles} left out.`);
  return all.slice(0, postImageRules.maxFiles);
}

export interface Post {
  id: number;
  name: string;
  date: string;
  time: string;
  icon: Privacy;
  avatar: string;
  image: string;
  content: string;
  liked: boolean;
  comments: { id: number; from: string; avatar: string; date: string; message: string }[];
}

/** Posting puts the post on top and resets the composer's text, images and privacy. */
export function publish(
  posts: readonly Post[],
  composer: Composer,
  author: { name: string; avatar: string },
  now: Date,
  imageUrl = '',
): { posts: Post[]; composer: Composer } {
  if (composer.text.trim() === '' && composer.images.length === 0) return { posts: [...posts], composer };
  const id = posts.reduce((max, post) => Math.max(max, post.id), 0) + 1;
  const post: Post = {
    id,
    name: author.name,
    avatar: author.avatar,
    date: now.toISOString().slice(0, 10),
    time: now.toISOString().slice(11, 16),
    icon: composer.privacy,
    image: imageUrl,
    content: composer.text.trim(),
    liked: false,
    comments: [],
  };
  return { posts: [post, ...posts], composer: emptyComposer() };
}

export function toggleLike(posts: readonly Post[], id: number): Post[] {
  return posts.map((post) => (post.id === id ? { ...post, liked: !post.liked } : post));
}
