import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cameraStream, copyText, newId } from './secureContext';

const realCrypto = globalThis.crypto;
const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  it('is crypto.randomUUID where the browser offers it (HTTPS, localhost)', () => {
    const randomUUID = vi.fn(() => '0b6d3f0e-8a5c-4f6e-9d1b-2c3e4f5a6b7c' as const);
    vi.stubGlobal('crypto', { randomUUID, getRandomValues: realCrypto.getRandomValues.bind(realCrypto) });
    expect(newId()).toBe('0b6d3f0e-8a5c-4f6e-9d1b-2c3e4f5a6b7c');
    expect(randomUUID).toHaveBeenCalledOnce();
  });

  it('on plain HTTP (no randomUUID) is a version 4 UUID from getRandomValues, a new one each time', () => {
    const getRandomValues = vi.fn((array: Uint8Array<ArrayBuffer>) => realCrypto.getRandomValues(array));
    vi.stubGlobal('crypto', { getRandomValues });
    const ids = Array.from({ length: 500 }, () => newId());
    for (const id of ids) expect(id).toMatch(uuidV4);
    expect(new Set(ids).size).toBe(ids.length);
    expect(getRandomValues).toHaveBeenCalledTimes(500);
  });

  it('sets the version and variant bits whatever the random bytes are', () => {
    for (const fill of [0x00, 0xff]) {
      vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array) => array.fill(fill) });
      expect(newId()).toMatch(uuidV4);
    }
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array) => array.fill(0xff) });
    expect(newId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});

describe('copyText', () => {
  /** What was selected when execCommand('copy') ran: the text, and whether it was in the dialog. */
  let copied: { command: string; text: string; inDialog: boolean }[];
  let execCommand: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    copied = [];
    execCommand = vi.fn((command: string) => {
      const active = document.activeElement as HTMLTextAreaElement;
      copied.push({
        command,
        text: active.value.slice(active.selectionStart, active.selectionEnd),
        inDialog: active.closest('[role="dialog"]') !== null,
      });
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
  });

  afterEach(() => {
    Reflect.deleteProperty(document, 'execCommand');
    Reflect.deleteProperty(navigator, 'clipboard');
    Reflect.deleteProperty(window, 'isSecureContext');
    document.body.innerHTML = '';
  });

  function secure(isSecure: boolean, clipboard?: Partial<Clipboard>) {
    Object.defineProperty(window, 'isSecureContext', { value: isSecure, configurable: true });
    if (clipboard) Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  }

  it('uses the Clipboard API in a secure context', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    secure(true, { writeText });
    expect(await copyText('http://frontdesk.lan:8080/m/abc')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('http://frontdesk.lan:8080/m/abc');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('on plain HTTP (no Clipboard API) copies a selected hidden textarea, inside the open dialog, and gives focus back', async () => {
    secure(false);
    document.body.innerHTML = '<div role="dialog"><button>Copy link</button></div>';
    const button = document.querySelector('button')!;
    button.focus();
    expect(await copyText('http://frontdesk.lan:8080/m/abc')).toBe(true);
    expect(copied).toEqual([{ command: 'copy', text: 'http://frontdesk.lan:8080/m/abc', inDialog: true }]);
    expect(document.querySelector('textarea')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('does not call the Clipboard API outside a secure context even where the object is there', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    secure(false, { writeText });
    expect(await copyText('x')).toBe(true);
    expect(writeText).not.toHaveBeenCalled();
    expect(copied.map((c) => c.text)).toEqual(['x']);
  });

  it('falls back when the Clipboard API refuses', async () => {
    secure(true, { writeText: () => Promise.reject(new DOMException('Document is not focused.')) });
    expect(await copyText('link')).toBe(true);
    expect(copied.map((c) => c.text)).toEqual(['link']);
  });

  it('says so when no way works: the command is refused, or there is none', async () => {
    secure(false);
    execCommand.mockReturnValue(false);
    expect(await copyText('link')).toBe(false);
    execCommand.mockImplementation(() => {
      throw new Error('not allowed');
    });
    expect(await copyText('link')).toBe(false);
    Reflect.deleteProperty(document, 'execCommand');
    expect(await copyText('link')).toBe(false);
    expect(document.querySelector('textarea')).toBeNull();
  });
});

describe('cameraStream', () => {
  it('offers no camera on plain HTTP, and the browser’s where the context is secure', async () => {
    const getUserMedia = vi.fn(async () => ({ id: 'stream' }) as unknown as MediaStream);
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    vi.stubGlobal('isSecureContext', false);
    expect(cameraStream({ video: true })).toBeNull();
    expect(getUserMedia).not.toHaveBeenCalled();
    vi.stubGlobal('isSecureContext', true);
    expect(await cameraStream({ video: true })).toEqual({ id: 'stream' });
    vi.unstubAllGlobals();
  });
});
