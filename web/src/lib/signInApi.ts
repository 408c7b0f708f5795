import type { Session } from '@app/contract/session';
import { post } from './api';

/** The sign-in call (contract/src/session.ts). */
export function signIn(body: { email: string; password: string; remember: boolean }): Promise<Session> {
  return post<Session>('/authentication/login', body);
}
