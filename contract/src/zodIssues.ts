import type { ErrorParams } from './errorCodes.ts';

/**
 * A field problem found by a request schema's own check, said in zod's words (issue 14): its code is
 * `zod.` + the zod issue code (`zod.too_small`) and its params the issue's facts (`origin`,
 * `minimum`, `inclusive` ...). The web rebuilds the issue and words it with the same error map its
 * forms use; the English `message` stays the fallback. A schema's own sentence ('Enter a valid email
 * address') is not coded this way: it stays the message, as the schema wrote it.
 *
 * Zod-free on purpose: the web reads it without loading zod.
 */
export const zodIssuePrefix = 'zod.';

export const isZodIssueCode = (code: string | undefined): code is `zod.${string}` =>
  code !== undefined && code.startsWith(zodIssuePrefix);

// Issue facts that are booleans; params hold only strings and numbers, so these travel as text.
const booleanFacts = new Set(['inclusive', 'exact']);
// Facts that say nothing to a reader, or hold the refused value itself.
const leftOut = new Set(['code', 'path', 'message', 'input', 'inst', 'continue', 'errors', 'issues', 'def']);

/** A zod issue's facts as params: numbers and strings as they are, booleans as text, lists joined. */
export function issueParams(issue: Record<string, unknown>): ErrorParams {
  const params: ErrorParams = {};
  for (const [name, value] of Object.entries(issue)) {
    if (leftOut.has(name)) continue;
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
    else if (typeof value === 'boolean' || typeof value === 'bigint') params[name] = String(value);
    else if (Array.isArray(value) && value.every((v) => ['string', 'number'].includes(typeof v))) {
      params[name] = value.join(', ');
    }
  }
  return params;
}

/** The issue again, as an error map reads it (`received` stands for the refused value's type). */
export function issueOf(code: `zod.${string}`, params: ErrorParams = {}): Record<string, unknown> {
  const issue: Record<string, unknown> = { code: code.slice(zodIssuePrefix.length) };
  for (const [name, value] of Object.entries(params)) {
    issue[name] = booleanFacts.has(name) ? value === 'true' : value;
  }
  if (issue['code'] === 'invalid_type') issue['input'] = inputOfType(params['received']);
  return issue;
}

function inputOfType(received: string | number | undefined): unknown {
  if (received === undefined || received === 'undefined') return undefined;
  if (received === 'null') return null;
  if (received === 'NaN') return NaN;
  // Some value of that type: not blank, which is all an error map asks of it.
  return received === 'number' ? 0 : `(${String(received)})`;
}
