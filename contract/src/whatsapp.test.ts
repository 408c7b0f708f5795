import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { declaredParameters, optAction, suggestedWhatsAppTemplates } from './whatsapp.ts';

describe('suggested WhatsApp templates', () => {
  const all = Object.values(suggestedWhatsAppTemplates).flatMap((s) =>
    (['en', 'hi'] as const).map((language) => ({ ...s, language, text: s.body[language] })),
  );

  it('declare exactly the parameters they list, numbered without gaps', () => {
    for (const s of all)
      expect(declaredParameters(s.text), `${s.name} ${s.language}`).toBe(s.parameters.length);
  });

  it('neither start nor end with a parameter (Meta refuses those)', () => {
    for (const s of all) {
      expect(s.text, `${s.name} ${s.language}`).not.toMatch(/^\s*\{\{\d+\}\}/);
      expect(s.text, `${s.name} ${s.language}`).not.toMatch(/\{\{\d+\}\}[\s.।]*$/);
    }
  });

  it('are the texts docs/whatsapp-templates.md gives people', () => {
    const doc = readFileSync(new URL('../../docs/whatsapp-templates.md', import.meta.url), 'utf8');
    for (const s of all) expect(doc).toContain(s.text);
  });

  it('counts placeholders and refuses gaps', () => {
    expect(declaredParameters('Hi {{1}}, pay {{2}} now')).toBe(2);
    expect(declaredParameters('Hi {{1}}, pay {{3}} now')).toBe(-1);
    expect(declaredParameters('No parameters')).toBe(0);
  });
});

describe('STOP and START', () => {
  it('understands English and Hindi forms, in any case and with a final stop', () => {
    for (const w of ['STOP', 'stop', ' Stop. ', 'बंद', 'बंद करो', 'Band karo', 'रोकें'])
      expect(optAction(w), w).toBe('optOut');
    for (const w of ['START', 'start!', 'शुरू', 'chalu', 'चालू']) expect(optAction(w), w).not.toBeNull();
    expect(optAction('Please stop by tomorrow')).toBeNull();
    expect(optAction('Is the library open?')).toBeNull();
  });
});
