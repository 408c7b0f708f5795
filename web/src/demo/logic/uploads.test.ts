import { describe, expect, it } from 'vitest';
import { acceptFiles, dropzoneMessage, dropzoneRules, hasPreview } from './uploads';

const file = (name: string, size: number) => ({ name, size });

describe('drop-zone', () => {
  it('refuses a file over 3,000,000 bytes with the specification message', () => {
    expect(dropzoneRules.maxBytes).toBe(3_000_000);
    const result = acceptFiles([], [file('a.png', 3_000_000), file('b.png', 3_000_001)]);
    expect(result.files.map((f) => f.name)).toEqual(['a.png']);
    expect(result.rejections.map(dropzoneMessage)).toEqual(['File too big, max size is 3MB']);
  });

  it('takes at most 3 files by default and says how many', () => {
    const result = acceptFiles([file('a', 1), file('b', 1)], [file('c', 1), file('d', 1)]);
    expect(result.files.map((f) => f.name)).toEqual(['a', 'b']);
    expect(result.rejections.map(dropzoneMessage)).toEqual(['Cannot upload more than 3 items.']);
    expect(dropzoneMessage({ kind: 'tooMany', limit: 5 })).toBe('Cannot upload more than 5 items.');
    expect(acceptFiles([], [file('a', 1), file('b', 1), file('c', 1)]).files).toHaveLength(3);
  });

  it('previews jpg, jpeg, bmp and png only', () => {
    expect(['a.jpg', 'a.JPEG', 'a.bmp', 'a.png'].map(hasPreview)).toEqual([true, true, true, true]);
    expect(hasPreview('a.gif')).toBe(false);
    expect(hasPreview('notes.pdf')).toBe(false);
  });
});
