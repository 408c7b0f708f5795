import i18n from './i18n';
import { ApiError } from './api';

/** What a person is shown for a failed call: the server's own sentence where there is one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.reason === 'REQUEST_NOT_PREPARED') return i18n.t('errors.unknown');
    if (error.reason === 'NETWORK_ERROR' || error.reason === 'UNEXPECTED_RESPONSE')
      return i18n.t('errors.generic');
    return error.message;
  }
  return i18n.t('errors.generic');
}
