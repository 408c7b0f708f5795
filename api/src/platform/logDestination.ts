import pino from 'pino';

/**
 * Where the log goes: standard output, written in batches of about 4 KB, and at least every 200 ms.
 * pino's default destination started one asynchronous write for each line while none was under way:
 * a job for libuv's thread pool and a switch to its thread per request's log line, a few per cent
 * of the members list's CPU (issue 36, point 4). Lines are the same, and in the same order; they
 * reach the log up to 200 ms later. On exit (a signal, process.exit, an uncaught error) pino writes
 * what is left at once; only a process killed outright (SIGKILL) loses its last 200 ms of lines.
 */
export const logFlushMs = 200;

export function logDestination(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: logFlushMs });
}
