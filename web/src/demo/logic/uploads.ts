/** File drop-zone (spec sections 5, 8 and 9). */
export const dropzoneRules = {
  maxBytes: 3_000_000,
  filesLimit: 3,
  previewExtensions: ['jpg', 'jpeg', 'bmp', 'png'],
};

export type DropzoneRejection = { kind: 'tooBig'; name: string } | { kind: 'tooMany'; limit: number };

/** English messages exactly as the specification writes them; texts.ts holds the German. */
export function dropzoneMessage(rejection: DropzoneRejection): string {
  return rejection.kind === 'tooBig'
    ? 'File too big, max size is 3MB'
    : `Cannot upload more than ${rejection.limit} items.`;
}

/**
 * Takes the files dropped: those over 3,000,000 bytes are refused one by one; if the rest would pass
 * the files limit, none of them is taken.
 */
export function acceptFiles<T extends { name: string; size: number }>(
  current: readonly T[],
  dropped: readonly T[],
  filesLimit = dropzoneRules.filesLimit,
): { files: T[]; rejections: DropzoneRejection[] } {
  const rejections: DropzoneRejection[] = [];
  const fitting = dropped.filter((file) => {
    if (file.size > dropzoneRules.maxBytes) rejections.push({ kind: 'tooBig', name: file.name });
    return file.size <= dropzoneRules.maxBytes;
  });
  if (current.length + fitting.length > filesLimit) {
    return { files: [...current], rejections: [...rejections, { kind: 'tooMany', limit: filesLimit }] };
  }
  return { files: [...current, ...fitting], rejections };
}

export function hasPreview(name: string): boolean {
  const extension = name.split('.').at(-1)?.toLowerCase() ?? '';
  return dropzoneRules.previewExtensions.includes(extension);
}

/** Compose-mail attachments: at most 3 files of 3 MB each. */
export const attachmentRules = { maxFiles: 3, maxBytes: 3_000_000 };
