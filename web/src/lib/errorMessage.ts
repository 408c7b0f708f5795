import type { ErrorBody } from '@app/contract/errors';
import { isZodIssueCode } from '@app/contract/zodIssues';
import i18n from './i18n';
import { ApiError } from './api';
import { issueMessage } from './form/messages';

/** Something the server said: its English sentence, and the stable code and parameters behind it. */
export type ServerSaid = { message: string; code?: string | undefined; params?: ErrorBody['params'] };

/**
 * The one place a server sentence becomes the user's language (issue 14): a code the locales know
 * is translated with its parameters; an unknown code (a newer server) falls back to the English.
 */
export function saidInLanguage(said: ServerSaid): string {
  if (said.code === undefined) return said.message;
  // A request schema's own check, in zod's terms: worded by the error map the forms use.
  if (isZodIssueCode(said.code)) return issueMessage(said.code, said.params) ?? said.message;
  const key = `serverErrors.${said.code}`;
  if (!i18n.exists(key)) return said.message;
  // The key is checked at run time: codes come from the contract's catalogue, not from a literal.
  return i18n.t(key as 'serverErrors.FIELDS_INVALID', paramsInLanguage(said.params));
}

/** `what` names a kind of record ('MEMBER'): the reader's word for it, with its article in German. */
function paramsInLanguage(params: ServerSaid['params']): Record<string, unknown> {
  const what = params?.['what'];
  const key = `serverRecords.${String(what)}`;
  if (what === undefined || !i18n.exists(key)) return { ...params };
  return { ...params, what: i18n.t(key as 'serverRecords.RECORD') };
}

/** What a person is shown for a failed call: the server's own sentence, in their language. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.reason === 'REQUEST_NOT_PREPARED') return i18n.t('errors.unknown');
    if (error.reason === 'NETWORK_ERROR' || error.reason === 'UNEXPECTED_RESPONSE')
      return i18n.t('errors.generic');
    return saidInLanguage(error);
  }
  return i18n.t('errors.generic');
}
