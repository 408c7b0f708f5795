import i18n from 'i18next';
import { headerNames } from '@app/contract/sessionKeys';
import { ApiError, apiBaseUrl, genericErrorMessage, get, getBlob, isErrorBody } from '../api';
import { readAccessToken, readActiveBranch } from '../session';
import { resourcePaths } from './resource';
import type { Resource } from './resource';

type Query = Record<string, string | number | undefined>;

/** The file name a content-disposition header names (`filename*=` wins over `filename=`). */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (header === null) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1] !== undefined) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Falls through to the plain form.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name !== undefined && name !== '' ? name : fallback;
}

function urlOf(path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return `${apiBaseUrl}${path}${search === '' ? '' : `?${search}`}`;
}

/**
 * The language of the screen, for the server to write an export's header row and words in (it
 * answers each of its languages, en, de, hi, and English for another). Without it the browser would
 * send its own language.
 */
export function exportLanguageHeaders(): Record<string, string> {
  return { 'Accept-Language': i18n.resolvedLanguage ?? i18n.language ?? 'en' };
}

// The same three headers the api client sends (spec section 7); the client itself reads JSON only.
function headers(): Record<string, string> {
  const token = readAccessToken();
  if (token === null) return { Accept: 'text/csv', ...exportLanguageHeaders() };
  const branch = readActiveBranch();
  return {
    Accept: 'text/csv',
    ...exportLanguageHeaders(),
    [headerNames.token]: token,
    [headerNames.branchId]: branch === null ? 'null' : String(branch.id),
    [headerNames.authorization]: `Bearer ${token}`,
  };
}

async function errorOf(response: Response): Promise<ApiError> {
  try {
    const body: unknown = await response.json();
    if (isErrorBody(body)) {
      const { reason, message, details, code, params } = body;
      return new ApiError({ status: response.status, reason, message, details, code, params });
    }
  } catch {
    // Not JSON: reported as an unexpected answer below.
  }
  return new ApiError({
    status: response.status,
    reason: 'UNEXPECTED_RESPONSE',
    message: genericErrorMessage,
  });
}

async function send(url: string): Promise<Response> {
  try {
    return await fetch(url, { headers: headers() });
  } catch {
    throw new ApiError({ status: 0, reason: 'NETWORK_ERROR', message: genericErrorMessage });
  }
}

export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the browser starts the download from the click synchronously.
  window.setTimeout(() => URL.revokeObjectURL(href), 0);
}

/**
 * Downloads the resource's CSV export for the current list query (every matching row, not just the
 * page). An expired access token is renewed through the api client's shared refresh-once, by way
 * of a small list request, and the export is tried once more.
 */
export async function exportCsv<R>(resource: Resource<R>, query: Query): Promise<string> {
  const paths = resourcePaths(resource);
  const { page: _page, pageSize: _pageSize, ...rest } = query;
  if (paths.export === null) throw new Error(`${resource.name} has no export`);
  const url = urlOf(paths.export, rest);
  let response = await send(url);
  if (response.status === 401) {
    const error = await errorOf(response);
    if (error.reason !== 'TOKEN_INVALID_OR_EXPIRED') throw error;
    await get(paths.list, { query: { page: 0, pageSize: 5 } });
    response = await send(url);
  }
  if (!response.ok) throw await errorOf(response);
  const filename = filenameFromDisposition(
    response.headers.get('content-disposition'),
    `${resource.name}.csv`,
  );
  saveBlob(await response.blob(), filename);
  return filename;
}

/**
 * Downloads a CSV export that is not a resource table's (an account statement, branch payments),
 * in the language on screen, under the name the server gives it.
 */
export async function downloadExport(
  path: string,
  query: Record<string, string | number | undefined>,
  fallbackName: string,
): Promise<string> {
  const { blob, disposition } = await getBlob(path, { query, headers: exportLanguageHeaders() });
  const filename = filenameFromDisposition(disposition, fallbackName);
  saveBlob(blob, filename);
  return filename;
}
