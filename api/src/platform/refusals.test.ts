import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { errorCodes, recordNames } from '@app/contract/errorCodes';
import { errorBodySchema } from '@app/contract/errors';
import { AppError, notFound, registerErrorHandling, said, toErrorBody } from './errors.ts';

const apiSource = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Where a refusal would be said in plain English instead of with a code (issue 14). The types refuse
 * most of these already; this also catches a hand-made field problem (`{ path, message: '…' }`).
 */
const plainSayings: [string, RegExp][] = [
  ['a refusal helper given an English sentence', /\b(conflict|forbidden|validationFailed)\(\s*['"`]/],
  ['notFound given English words', /\bnotFound\(\s*(?!'[A-Z_]+'\s*\))['"`]/],
  ['an AppError given an English sentence', /new AppError\(\s*\d+,\s*'[A-Z_]+',\s*['"`]/],
  ['a field problem written by hand', /\{\s*path\b[^{}]*\bmessage:/],
];
// The one place an uncoded field problem is made: a request schema's own sentence, kept as written.
const schemaSentences = 'platform/schemaDetails.ts';

describe('every refusal the API sends carries a code the web knows (issue 14)', () => {
  it('no source file says a refusal in plain English', () => {
    const found: string[] = [];
    for (const file of sourceFiles(apiSource)) {
      const name = relative(apiSource, file);
      const text = readFileSync(file, 'utf8');
      for (const [what, pattern] of plainSayings) {
        if (name === schemaSentences && what === 'a field problem written by hand') continue;
        if (pattern.test(text)) found.push(`${name}: ${what}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('says a missing record by its kind, which the English message words', () => {
    const body = toErrorBody(notFound('WIFI_SESSION'))!;
    expect(body).toMatchObject({
      statusCode: 404,
      reason: 'NOT_FOUND',
      code: 'RECORD_NOT_FOUND',
      params: { what: 'WIFI_SESSION' },
      message: 'The Wi-Fi session was not found.',
    });
    expect(Object.keys(recordNames)).toContain('WIFI_SESSION');
  });

  it('codes the framework’s own refusals', () => {
    const codeOf = (err: Error) => toErrorBody(err)?.code;
    expect(codeOf(new SyntaxError('Unexpected end of JSON input'))).toBe('INVALID_JSON');
    expect(codeOf(Object.assign(new Error('x'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE' }))).toBe(
      'BODY_TOO_LARGE',
    );
    expect(codeOf(Object.assign(new Error('x'), { statusCode: 429 }))).toBe('TOO_MANY_REQUESTS');
    expect(codeOf(Object.assign(new Error('x'), { cause: { code: '22003' } }))).toBe('NUMBER_OUT_OF_RANGE');
    const bill = toErrorBody(new AppError(413, 'PAYLOAD_TOO_LARGE', said('BILL_TOO_LARGE')))!;
    expect(errorCodes).toContain(bill.code);
  });

  it('codes a request schema’s field problems in zod’s words, and keeps a schema’s own sentence', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    registerErrorHandling(app);
    app.post(
      '/probe',
      {
        schema: {
          body: z.object({
            name: z.string().min(3),
            email: z.string().email('Enter a valid email address'),
            seats: z.number().int().max(10),
            kind: z.enum(['room', 'desk']),
            note: z.string(),
          }),
        },
      },
      async () => 'ok',
    );
    const res = await app.inject({
      method: 'POST',
      url: '/probe',
      payload: { name: 'ab', email: 'nope', seats: 11, kind: 'hall' },
    });
    await app.close();
    expect(res.statusCode).toBe(400);
    const details = errorBodySchema.parse(res.json()).details!;
    const byPath = Object.fromEntries(details.map((d) => [d.path, d]));
    expect(byPath['body.name']).toEqual({
      path: 'body.name',
      message: 'Too small: expected string to have >=3 characters',
      code: 'zod.too_small',
      params: { origin: 'string', minimum: 3, inclusive: 'true' },
    });
    expect(byPath['body.seats']).toMatchObject({
      code: 'zod.too_big',
      params: { origin: 'number', maximum: 10, inclusive: 'true' },
    });
    expect(byPath['body.kind']).toMatchObject({
      code: 'zod.invalid_value',
      params: { values: 'room, desk' },
    });
    expect(byPath['body.note']).toMatchObject({
      code: 'zod.invalid_type',
      params: { expected: 'string', received: 'undefined' },
    });
    // The schema's own sentence: the web translates it by its text, as its forms do.
    expect(byPath['body.email']).toEqual({ path: 'body.email', message: 'Enter a valid email address' });
  });
});
