import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorReason, FieldError } from '@app/contract/errors';
import { englishMessage, type ErrorCode, type ErrorParams, type RecordName } from '@app/contract/errorCodes';
import { schemaDetail } from './schemaDetails.ts';

/** A sentence of the catalogue (`contract/src/errorCodes.ts`): its code and parameters. */
export type Said = { code: ErrorCode; params?: ErrorParams };
export const said = (code: ErrorCode, params?: ErrorParams): Said => (params ? { code, params } : { code });

/** One field problem said with a code: the web translates it, `message` is the English. */
export function fieldError(path: string, code: ErrorCode, params?: ErrorParams): CodedFieldError {
  const message = englishMessage(code, params);
  return params ? { path, message, code, params } : { path, message, code };
}

/** A sentence as data (a row's refusals): the English, its code and parameters. */
export function saidData(s: Said): { message: string; code: ErrorCode; params?: ErrorParams } {
  const message = englishMessage(s.code, s.params);
  return s.params ? { message, code: s.code, params: s.params } : { message, code: s.code };
}

/** A field problem said with a code of the catalogue (what `fieldError` makes). */
export type CodedFieldError = FieldError & { code: ErrorCode };

/** A field problem's sentence, said again as a whole answer's (e.g. a seat clash as the 409 itself). */
export function saidOf(detail: CodedFieldError): Said {
  return detail.params ? { code: detail.code, params: detail.params } : { code: detail.code };
}

/**
 * A failure the API answers on purpose; everything else becomes a logged 500. Its sentence and each
 * field problem's are codes of the catalogue (issue 14): a plain English string does not type-check,
 * so no refusal reaches a German screen in English.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params?: ErrorParams;
  constructor(
    readonly statusCode: number,
    readonly reason: ErrorReason,
    message: Said,
    readonly details?: CodedFieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(englishMessage(message.code, message.params));
    this.code = message.code;
    if (message.params) this.params = message.params;
  }
}

export const notFound = (what: RecordName = 'RECORD') =>
  new AppError(404, 'NOT_FOUND', said('RECORD_NOT_FOUND', { what }));
export const conflict = (message: Said) => new AppError(409, 'CONFLICT', message);
export const forbidden = (message: Said = said('PERMISSION_REFUSED')) =>
  new AppError(403, 'FORBIDDEN', message);
export const validationFailed = (details: CodedFieldError[], message: Said = said('FIELDS_INVALID')) =>
  new AppError(400, 'VALIDATION_FAILED', message, details);

/** Postgres error codes reach us wrapped (drizzle's DrizzleQueryError): look down the cause chain. */
export function pgErrorCode(err: unknown): { code?: string; constraint?: string } {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e;) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
    e = e.cause as typeof e;
  }
  return {};
}

/**
 * A value the request schemas let through but PostgreSQL cannot store (a number past its column's
 * range, a NUL character, a date it cannot represent) is the caller's mistake: 400, not 500. The
 * schemas name the field for the cases they know; this is the net below them.
 */
const refusedValues: Record<string, ErrorCode> = {
  '22003': 'NUMBER_OUT_OF_RANGE',
  '22P02': 'VALUE_WRONG_FORM',
  '22021': 'CHARACTER_NOT_STORABLE',
  '22P05': 'CHARACTER_NOT_STORABLE',
  '22007': 'DATE_NOT_VALID',
  '22008': 'DATE_OUT_OF_RANGE',
  '54000': 'VALUE_TOO_LONG',
};

function databaseRefusal(err: unknown): ErrorCode | undefined {
  const { code } = pgErrorCode(err);
  return code === undefined ? undefined : refusedValues[code];
}

/**
 * The request never reached the database: no pool connection came free in time (the server is
 * saturated), or PostgreSQL refused a new connection (down, starting, too many clients). Nothing was
 * done, so 503 with Retry-After says "send it again" honestly. A connection lost in the middle of a
 * statement stays a 500: whether its write committed is unknown.
 */
const notConnectedCodes = new Set(['ECONNREFUSED', '53300', '57P03']);
// pg-pool's words: no pooled connection came free in time / a new one was not made in time.
const notConnectedMessages = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]);
export function databaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined; e;) {
    if (typeof e.message === 'string' && notConnectedMessages.has(e.message)) return true;
    if (typeof e.code === 'string' && notConnectedCodes.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
export const retryAfterSeconds = 5;
/** A database being started again is back in a few seconds (issue 42): callers ask again sooner. */
export const restartRetryAfterSeconds = 2;

/**
 * The disk under PostgreSQL or the API is full (issue 42, point 2): PostgreSQL's disk_full (53100,
 * "could not extend file …" or "could not write …: No space left on device"), the same words under
 * another code, or the API's own file writes (ENOSPC, EDQUOT). The statement failed and wrote
 * nothing; reads go on. 503 DISK_FULL, without a Retry-After: seconds do not free a disk.
 */
const outOfSpaceCodes = new Set(['53100', 'ENOSPC', 'EDQUOT']);
export function diskFull(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined; e;) {
    if (typeof e.code === 'string' && outOfSpaceCodes.has(e.code)) return true;
    if (typeof e.message === 'string' && /no space left on device|disk quota exceeded/i.test(e.message))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** An answer the framework's own failures get, said with a code of the catalogue like the rest. */
function send(statusCode: number, reason: ErrorReason, s: Said, details?: FieldError[]): ErrorBody {
  const body: ErrorBody = { statusCode, reason, ...saidData(s) };
  if (details) body.details = details;
  return body;
}

function sendApp(err: AppError): ErrorBody {
  const body: ErrorBody = { statusCode: err.statusCode, reason: err.reason, message: err.message };
  body.code = err.code;
  if (err.params) body.params = err.params;
  if (err.details) body.details = err.details;
  return body;
}

/**
 * `databaseRestarting` (db/keeper.ts) tells a database the API is starting again after it died from
 * one that is only busy: the same 503, said as DATABASE_RESTARTING (issue 42, point 1).
 */
export function toErrorBody(
  err: FastifyError | AppError | Error,
  databaseRestarting?: () => boolean,
): ErrorBody | undefined {
  if (err instanceof AppError) return sendApp(err);
  const fe = err as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fe)) {
    // 'query.page', as the contract's own checks write it (Fastify calls the query 'querystring').
    const context = fe.validationContext === 'querystring' ? 'query' : (fe.validationContext ?? 'body');
    const details = fe.validation.map((v) => {
      const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return schemaDetail(path ? `${context}.${path}` : context, v.keyword, v.message, v.params);
    });
    return send(400, 'VALIDATION_FAILED', said('FIELDS_INVALID'), details);
  }
  if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return send(415, 'UNSUPPORTED_MEDIA_TYPE', said('JSON_ONLY'));
  }
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(413, 'PAYLOAD_TOO_LARGE', said('BODY_TOO_LARGE'));
  if (
    err instanceof SyntaxError ||
    fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
  ) {
    return send(400, 'INVALID_JSON', said('INVALID_JSON'));
  }
  if (fe.statusCode === 429) return send(429, 'RATE_LIMITED', said('TOO_MANY_REQUESTS'));
  if (databaseUnavailable(err)) {
    const why = databaseRestarting?.() ? 'DATABASE_RESTARTING' : 'SERVER_BUSY';
    return send(503, 'SERVICE_UNAVAILABLE', said(why));
  }
  if (diskFull(err)) return send(503, 'SERVICE_UNAVAILABLE', said('DISK_FULL'));
  const refused = databaseRefusal(err);
  if (refused) return send(400, 'VALIDATION_FAILED', said(refused));
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    // A framework refusal no branch above knows: its English, uncoded (the web shows it as it came).
    const reason = fe.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
    return { statusCode: fe.statusCode, reason, message: fe.message };
  }
  return undefined;
}

/** Paths ('body.name', 'query.q') of the strings in a parsed JSON body or query that hold a NUL. */
export function nulPaths(value: unknown, path: string, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulPaths(v, `${path}.${i}`, found));
  } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [k, v] of Object.entries(value)) nulPaths(v, `${path}.${k}`, found);
  }
  return found;
}

/** Whether a string anywhere in a parsed JSON body or query holds a NUL (nulPaths without the paths). */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const key in value) {
      if (Object.hasOwn(value, key) && holdsNul((value as Record<string, unknown>)[key])) return true;
    }
  }
  return false;
}

export function registerErrorHandling(app: FastifyInstance, databaseRestarting?: () => boolean): void {
  // PostgreSQL cannot store a NUL in text, and its refusal cannot say which field held it: refuse
  // such a request before any handler runs, naming each field (issue 20).
  // Callback form, and the paths are written only when a NUL is there: this runs on every request
  // (issue 36, point 4).
  app.addHook('preValidation', (request, _reply, done) => {
    if (!holdsNul(request.query) && !holdsNul(request.body)) return done();
    const paths = [...nulPaths(request.query, 'query'), ...nulPaths(request.body, 'body')];
    done(validationFailed(paths.map((path) => fieldError(path, 'CONTAINS_NUL'))));
  });
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const body = toErrorBody(err, databaseRestarting);
    if (err instanceof AppError && err.headers) void reply.headers(err.headers);
    if (body) {
      if (body.statusCode >= 500) request.log.error({ err }, 'request failed');
      if (body.statusCode === 503 && body.code !== 'DISK_FULL') {
        const seconds = body.code === 'DATABASE_RESTARTING' ? restartRetryAfterSeconds : retryAfterSeconds;
        void reply.header('retry-after', String(seconds));
      }
      return reply.status(body.statusCode).send(body);
    }
    // The stack goes to the log only; the caller gets a sentence and the request id to quote.
    request.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send(send(500, 'INTERNAL_ERROR', said('INTERNAL_ERROR', { requestId: request.id })));
  });
}
