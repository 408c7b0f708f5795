// Browser APIs that need a secure context (HTTPS or localhost), with what a plain-HTTP desk gets
// instead (issue 41, point 1). A branch's other desks open the server by its LAN name over plain HTTP
// (http://frontdesk.lan:PORT), where the browser offers neither `crypto.randomUUID` nor
// `navigator.clipboard`: calling them there threw and took the money dialogs down. This file is the
// only one allowed to touch such APIs (eslint rule house/secure-context-apis, eslint/secureContextApis.js).

/**
 * A random RFC 4122 version 4 UUID (an Idempotency-Key, say): `crypto.randomUUID` where the browser
 * offers it, otherwise the same layout from `crypto.getRandomValues`, which every context has.
 */
export function newId(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // variant 10xx
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Puts `text` on the clipboard; true when it got there. The Clipboard API where the browser offers
 * it and allows it, otherwise (plain HTTP, or a refusal) a selected hidden textarea and
 * `document.execCommand('copy')`, which plain HTTP still allows on a click.
 */
export async function copyText(text: string): Promise<boolean> {
  const clipboard = window.isSecureContext ? navigator.clipboard : undefined;
  if (typeof clipboard?.writeText === 'function') {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, the page not focused): the older way may still work.
    }
  }
  return copyBySelection(text);
}

function copyBySelection(text: string): boolean {
  if (typeof document.execCommand !== 'function') return false;
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.readOnly = true;
  area.tabIndex = -1;
  area.setAttribute('aria-hidden', 'true');
  Object.assign(area.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    width: '1px',
    height: '1px',
    padding: '0',
    border: '0',
    opacity: '0',
    pointerEvents: 'none',
  });
  // Inside an open dialog, whose focus trap would take focus back from a textarea outside it.
  const host = before?.closest('[role="dialog"]') ?? document.body;
  host.appendChild(area);
  let copied = false;
  try {
    area.focus({ preventScroll: true });
    area.select();
    area.setSelectionRange(0, text.length);
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  } finally {
    area.remove();
    before?.focus({ preventScroll: true });
  }
  return copied;
}

/**
 * A camera's video (an entrance screen reading members' QR codes, issue 47): `getUserMedia` where the
 * context is secure; null on plain HTTP, where browsers offer no camera (the screen says so).
 */
export function cameraStream(constraints: MediaStreamConstraints): Promise<MediaStream> | null {
  const media = window.isSecureContext ? navigator.mediaDevices : undefined;
  return typeof media?.getUserMedia === 'function' ? media.getUserMedia(constraints) : null;
}
