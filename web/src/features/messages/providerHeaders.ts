import type { Provider } from '@app/contract/messages';

/** Headers are edited as "Name: value" lines; a stored secret comes back masked and stays if untouched. */
export const headersToText = (headers: Provider['headers']) =>
  headers.map((h) => `${h.name}: ${h.value}`).join('\n');
export const textToHeaders = (text: string): Provider['headers'] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(':');
      return at < 0
        ? { name: line, value: '' }
        : { name: line.slice(0, at).trim(), value: line.slice(at + 1).trim() };
    });
