import { z } from 'zod';
import type { FieldError } from '@app/contract/errors';
import { issueParams, zodIssuePrefix } from '@app/contract/zodIssues';

// zod's English words for an issue: what a check without a sentence of its own says.
const zodEnglish = z.locales.en().localeError;

/**
 * Whether a request schema's message is zod's default wording rather than a sentence the schema
 * gives itself. The issue reaching us has lost the refused value, so "received …" of a wrong type
 * is compared up to that word.
 */
function isZodWording(issue: Record<string, unknown>, message: string): boolean {
  if (issue['code'] === 'invalid_type') return message.startsWith('Invalid input: expected ');
  const english = zodEnglish(issue as unknown as z.core.$ZodRawIssue);
  const text = typeof english === 'string' ? english : english?.message;
  return text === message;
}

/**
 * One field problem of a request schema (a 400's `details[]`), coded for the web to word it in the
 * reader's language (issue 14): zod's own wording becomes `zod.<issue code>` with the issue's facts;
 * a schema's own sentence stays a plain message, which the web translates by its text.
 */
export function schemaDetail(
  path: string,
  keyword: string,
  message: string | undefined,
  facts: Record<string, unknown>,
): FieldError {
  const text = message ?? 'Invalid input';
  const issue = { ...facts, code: keyword };
  if (!isZodWording(issue, text)) return { path, message: text };
  const params = issueParams(issue);
  const received = /, received (\S+)$/.exec(text)?.[1];
  if (keyword === 'invalid_type' && received) params['received'] = received;
  return { path, message: text, code: `${zodIssuePrefix}${keyword}`, params };
}
