import { describe, expect, it, vi } from 'vitest';
import { addPostImages, defaultPrivacy, emptyComposer, privacyIcons, privacyLabels, publish } from './posts';

const image = (name: string, size = 10, type = 'image/png') => new File(['x'.repeat(size)], name, { type });

describe('post composer', () => {
  it('defaults to public and names and draws each privacy', () => {
    expect(defaultPrivacy).toBe('public');
    expect(emptyComposer().privacy).toBe('public');
    expect(privacyLabels).toEqual({ public: 'Public', friends: 'Friends', private: 'Only Me' });
    expect(privacyIcons).toEqual({ public: 'Public', friends: 'People', private: 'Lock' });
  });

  it('resets text, images and privacy after posting, and keeps the chosen privacy on the post', () => {
    const composer = { text: 'Hello', images: [image('a.png')], privacy: 'private' as const };
    const result = publish([], composer, { name: 'Me', avatar: '' }, new Date('2026-11-26T10:00:00Z'));
    expect(result.posts[0]).toMatchObject({ id: 1, content: 'Hello', icon: 'private' });
    expect(result.composer).toEqual({ text: '', images: [], privacy: 'public' });
  });

  it('takes jpeg, png and bmp up to 3 MB, two at most; the extra ones are only logged', () => {
    const log = vi.fn();
    const kept = addPostImages(
      [],
      [
        image('a.png'),
        image('b.gif', 10, 'image/gif'),
        image('c.bmp', 10, 'image/bmp'),
        image('d.jpg', 10, 'image/jpeg'),
      ],
      log,
    );
    expect(kept.map((file) => file.name)).toEqual(['a.png', 'c.bmp']);
    expect(log).toHaveBeenCalledOnce();
    expect(addPostImages([], [image('big.png', 3_000_001)], log)).toEqual([]);
  });
});
