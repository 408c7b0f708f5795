import type { FastifyInstance } from 'fastify';
import { AppError, said } from './errors.ts';

/**
 * How deep a request body may nest. No body the API takes nests past a handful of levels (a fee
 * structure's lines, a role's permissions); 64 leaves room for any honest client and keeps every
 * recursive reader below (the NUL check, zod, the serializer, PostgreSQL's jsonb) far from the
 * stack's end, where a body nested 100,000 deep ended as a 500 (issue 35, point 1).
 */
export const maxJsonDepth = 64;

/**
 * Whether JSON text nests deeper than `max` arrays/objects. One pass, no recursion, no allocation:
 * brackets inside strings do not count (a string may hold `[[[[`, or an escaped quote). The text is
 * not checked otherwise; JSON.parse still refuses what is not JSON.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: the next character is escaped, whatever it is
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Fastify's own JSON parser (secure-json-parse, refusing `__proto__` and `constructor.prototype`
 * as Fastify does by default), behind the depth check: a body too deep is a 400 in the error shape
 * before anything recursive sees it.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, maxJsonDepth)) {
      done(new AppError(400, 'BAD_REQUEST', said('JSON_TOO_DEEP', { max: maxJsonDepth })), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}
