import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import i18n from '../i18n';
import { downloadExport } from './exportCsv';

afterEach(clearTestSession);

describe('downloadExport', () => {
  it('asks for the statement in the language on screen, with the session headers, and saves it', async () => {
    storeTestSession();
    await i18n.changeLanguage('de');
    try {
      const api = stubFetch(
        () =>
          new Response('\uFEFFDatum,Bewegung\r\n', {
            status: 200,
            headers: { 'content-disposition': 'attachment; filename="statement-3-2026-01-01.csv"' },
          }),
      );
      vi.stubGlobal(
        'URL',
        Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
      );
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const name = await downloadExport(
        '/bankAccount/exportStatement',
        { bankAccountId: 3, from: undefined },
        'x.csv',
      );
      expect(name).toBe('statement-3-2026-01-01.csv');
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(name);
      const [url, init] = api.calls()[0]!;
      expect(url).toBe('/api/bankAccount/exportStatement?bankAccountId=3');
      const headers = init.headers as Record<string, string>;
      expect(headers['Accept-Language']).toBe('de');
      expect(headers['Authorization']).toBe('Bearer test-access');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('asks for a Hindi file on a Hindi screen (issue 48)', async () => {
    storeTestSession();
    await i18n.changeLanguage('hi');
    try {
      const api = stubFetch(
        () =>
          new Response('\uFEFFतारीख,लेन-देन\r\n', {
            status: 200,
            headers: { 'content-disposition': 'attachment; filename="statement-3-2026-01-01.csv"' },
          }),
      );
      vi.stubGlobal(
        'URL',
        Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
      );
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      await downloadExport('/bankAccount/exportStatement', { bankAccountId: 3 }, 'x.csv');
      const headers = api.calls()[0]![1].headers as Record<string, string>;
      expect(headers['Accept-Language']).toBe('hi');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
