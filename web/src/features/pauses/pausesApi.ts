// Pauses (issue 45, point 4): members' requests for staff to approve or refuse, and staff's pause.
import { useQuery } from '@tanstack/react-query';
import type { Pause, PauseInput } from '@app/contract/pauses';
import { get, post, put } from '../../lib/api';
import { readActiveBranch } from '../../lib/session';

export const pausesKey = ['pauses'] as const;

export function usePauseRequests(enabled = true) {
  return useQuery({
    queryKey: [...pausesKey, 'requests', readActiveBranch()?.id ?? null],
    queryFn: ({ signal }) => get<Pause[]>('/user/getPauseRequests', { signal }),
    enabled,
  });
}

export const approvePause = (pauseId: number) =>
  post<Pause>('/user/approvePause', undefined, { query: { pauseId } });
export const rejectPause = (pauseId: number, reason: string) =>
  put<Pause>('/user/rejectPause', { reason }, { query: { pauseId } });
export const pauseMember = (userId: number, input: PauseInput) =>
  post<Pause>('/user/pauseMember', input, { query: { userId } });
export const endPause = (pauseId: number) => put<Pause>('/user/endPause', undefined, { query: { pauseId } });
