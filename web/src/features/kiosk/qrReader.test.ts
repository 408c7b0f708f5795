import { describe, expect, it, vi } from 'vitest';
import { makeQrReader, type DecodeQr } from './qrReader';

/** A browser's BarcodeDetector reading the given formats, answering `texts` for every frame. */
function detectorWith(formats: string[], texts: string[]) {
  return class {
    static getSupportedFormats = () => Promise.resolve(formats);
    constructor(readonly options: { formats: string[] }) {}
    detect = () => Promise.resolve(texts.map((rawValue) => ({ rawValue })));
  };
}

const video = {} as HTMLVideoElement;

describe('makeQrReader (issue 47, point 3)', () => {
  it('uses the browser’s BarcodeDetector where it reads QR codes, without downloading the library', async () => {
    const load = vi.fn(async (): Promise<DecodeQr> => () => null);
    const reader = await makeQrReader(
      { BarcodeDetector: detectorWith(['qr_code', 'ean_13'], ['LM1.x']) },
      load,
    );
    expect(reader.kind).toBe('native');
    expect(await reader.read(video)).toEqual(['LM1.x']);
    expect(load).not.toHaveBeenCalled();
  });

  it('downloads the decoding library where the browser has no BarcodeDetector', async () => {
    const load = vi.fn(async (): Promise<DecodeQr> => () => ({ data: 'LM1.y' }));
    const reader = await makeQrReader({}, load);
    expect(reader.kind).toBe('library');
    expect(load).toHaveBeenCalledTimes(1);
    // No frame yet (the video has no size): nothing is decoded.
    expect(await reader.read({ videoWidth: 0, videoHeight: 0 } as HTMLVideoElement)).toEqual([]);
  });

  it('uses the library where the detector does not read QR codes, or cannot say what it reads', async () => {
    const load = vi.fn(async (): Promise<DecodeQr> => () => null);
    expect((await makeQrReader({ BarcodeDetector: detectorWith(['ean_13'], []) }, load)).kind).toBe(
      'library',
    );
    const broken = class {
      static getSupportedFormats = () => Promise.reject(new Error('not allowed'));
    };
    expect((await makeQrReader({ BarcodeDetector: broken }, load)).kind).toBe('library');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('the real library loads and decodes nothing from an empty frame', async () => {
    const jsQR = (await import('jsqr')).default;
    expect(jsQR(new Uint8ClampedArray(32 * 32 * 4), 32, 32)).toBeNull();
  });
});
