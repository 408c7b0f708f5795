import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '../lib/notify/notify';
import { ApiError, onDatabaseRestarting } from '../lib/api';
import { errorMessage } from '../lib/errorMessage';

function notifyError(error: unknown): void {
  enqueueSnackbar(errorMessage(error), { variant: 'error' });
}

// A 4xx answer (or a request that could not be built) will not change on a second try; only
// network trouble and server faults are worth retrying.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof ApiError && error.reason === 'REQUEST_NOT_PREPARED') return false;
  return failureCount < 2;
}

// Requests wait for a database the server is starting again (lib/api.ts); the person is told why.
onDatabaseRestarting((error) =>
  enqueueSnackbar(errorMessage(error), { variant: 'warning', preventDuplicate: true }),
);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Failures are announced here once, so no failed call goes unnoticed; a query or mutation that
    // shows its own error (meta.handlesError, or its own onError) opts out.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.['handlesError'] !== true) notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.options.onError === undefined && mutation.meta?.['handlesError'] !== true)
          notifyError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
