import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { englishMessage, errorTemplates, recordNames } from './errorCodes.ts';
import { isZodIssueCode, issueOf, issueParams } from './zodIssues.ts';

describe('zod issues as coded field problems (issue 14)', () => {
  it('carries an issue’s facts as params and rebuilds the issue from them', () => {
    const result = z.object({ name: z.string().min(3) }).safeParse({ name: 'ab' });
    const issue = result.error!.issues[0]!;
    const params = issueParams({ ...issue });
    expect(params).toEqual({ origin: 'string', minimum: 3, inclusive: 'true' });
    expect(isZodIssueCode(`zod.${issue.code}`)).toBe(true);
    expect(issueOf(`zod.${issue.code}`, params)).toEqual({
      code: 'too_small',
      origin: 'string',
      minimum: 3,
      inclusive: true,
    });
  });

  it('joins a list of choices and stands in a blank value for a missing one', () => {
    const result = z.object({ kind: z.enum(['room', 'desk']) }).safeParse({ kind: 'hall' });
    expect(issueParams({ ...result.error!.issues[0]! })).toMatchObject({ values: 'room, desk' });
    expect(
      issueOf('zod.invalid_type', { expected: 'string', received: 'undefined' })['input'],
    ).toBeUndefined();
    expect(issueOf('zod.invalid_type', { expected: 'number', received: 'string' })['input']).not.toBe('');
  });
});

describe('a record kind in a sentence', () => {
  it('is worded in English by the table, not sent as English', () => {
    expect(englishMessage('RECORD_NOT_FOUND', { what: 'FEE_STRUCTURE' })).toBe(
      'The fee structure was not found.',
    );
    expect(englishMessage('STILL_IN_USE', { what: 'CATEGORY' })).toBe(
      'The category is still in use by other records.',
    );
    expect(Object.keys(recordNames)).toContain('RECORD');
    // Only the three record sentences take a record kind.
    const withWhat = Object.entries(errorTemplates).filter(([, t]) => t.includes('{what}'));
    expect(withWhat.map(([code]) => code).sort()).toEqual([
      'ALREADY_EXISTS',
      'RECORD_NOT_FOUND',
      'STILL_IN_USE',
    ]);
  });
});
