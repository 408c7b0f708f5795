// Reading QR codes from the entrance screen's camera (issue 47, point 3): the browser's own
// BarcodeDetector where it has one that reads QR codes (Chromium on Android, ChromeOS, macOS), else
// jsQR, a QR-only decoder with no dependencies (a chunk of its own: 130 KB, 47 KB gzip, 26 KB brotli;
// @zxing/library reads every format and weighs several times that), downloaded only then, when the
// camera is switched on: Firefox, Safari and Chromium on Windows or Linux have no detector, and
// screens with a barcode scanner never download it.

/** Reads the QR codes in the video's current frame (their texts; none when there is none). */
export type QrReader = { kind: 'native' | 'library'; read: (video: HTMLVideoElement) => Promise<string[]> };

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};

export type DecodeQr = (
  data: Uint8ClampedArray,
  width: number,
  height: number,
  options?: { inversionAttempts?: 'dontInvert' | 'onlyInvert' | 'attemptBoth' | 'invertFirst' },
) => { data: string } | null;

const loadJsQr = async (): Promise<DecodeQr> => (await import('jsqr')).default as DecodeQr;

/** The browser's detector when it reads QR codes (a detector may know other formats only). */
export async function nativeDetector(win: object): Promise<DetectorClass | undefined> {
  const Detector = (win as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (typeof Detector !== 'function') return undefined;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? Detector : undefined;
  } catch {
    return undefined;
  }
}

/** Frames are scaled down to this width before decoding: enough for a phone held at the screen. */
const frameWidth = 640;

/**
 * The reader for this browser: its detector, else the decoding library (`load` downloads it; only
 * called when there is no detector).
 */
export async function makeQrReader(
  win: object = window,
  load: () => Promise<DecodeQr> = loadJsQr,
): Promise<QrReader> {
  const Detector = await nativeDetector(win);
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] });
    return {
      kind: 'native',
      read: async (video) => (await detector.detect(video)).map((code) => code.rawValue),
    };
  }
  const decode = await load();
  let canvas: HTMLCanvasElement | undefined;
  return {
    kind: 'library',
    read: async (video) => {
      if (!video.videoWidth || !video.videoHeight) return [];
      const scale = Math.min(1, frameWidth / video.videoWidth);
      const width = Math.round(video.videoWidth * scale);
      const height = Math.round(video.videoHeight * scale);
      canvas ??= document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return [];
      context.drawImage(video, 0, 0, width, height);
      const found = decode(context.getImageData(0, 0, width, height).data, width, height, {
        inversionAttempts: 'dontInvert',
      });
      return found ? [found.data] : [];
    },
  };
}
