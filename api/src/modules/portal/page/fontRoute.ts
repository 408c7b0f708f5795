// The member page's Devanagari font where the phone lacks one (issue 48, point 2: "the screen uses
// the same font where the system lacks one"). Android, iOS, macOS and Windows ship a Devanagari font
// and the page's @font-face names them first (local()), so most phones never fetch this; one that
// has none fetches it once (immutable) and only for a page with Devanagari on it (unicode-range).
// The same Noto Sans Devanagari the receipts embed (@expo-google-fonts/noto-sans-devanagari, OFL).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

export const devanagariFontPath = '/fonts/noto-sans-devanagari-400.ttf';

const file = join(
  dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-devanagari/package.json')),
  '400Regular',
  'NotoSansDevanagari_400Regular.ttf',
);

/**
 * The @font-face of the page's stylesheet: the phone's own Devanagari font by its usual names, else
 * ours; Devanagari's code points only, so a page without them never asks for it.
 */
export const devanagariFontFace =
  "@font-face{font-family:'Noto Sans Devanagari';font-display:swap;" +
  "src:local('Noto Sans Devanagari'),local('NotoSansDevanagari-Regular'),local('Kohinoor Devanagari')," +
  `local('Devanagari Sangam MN'),local('Mangal'),url(${devanagariFontPath}) format('truetype');` +
  'unicode-range:U+0900-097F,U+1CD0-1CFF,U+200C-200D,U+25CC,U+A8E0-A8FF}';

export function devanagariFontRoute(app: FastifyInstance) {
  let font: Buffer | undefined;
  app.get(devanagariFontPath, {
    config: { access: 'public' as const },
    schema: { hide: true },
    handler: async (_request, reply) => {
      font ??= readFileSync(file);
      return reply.type('font/ttf').header('cache-control', 'public, max-age=31536000, immutable').send(font);
    },
  });
}
