import type { Session } from '@app/contract/session';
import { post, put } from './api';
import { readRefreshToken } from './session';

/** The calls of the sign-in side; bodies follow contract/src/auth.ts and contract/src/session.ts. */

export function register(body: {
  username: string;
  email: string;
  password: string;
  passwordConfirm: string;
  organisationName?: string;
}): Promise<Session> {
  return post<Session>('/authentication/register', body);
}

export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return post<{ message: string }>('/authentication/forgotPassword', { email });
}

export function resetPassword(body: {
  token: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<{ message: string }> {
  return post<{ message: string }>('/authentication/resetPassword', body);
}

export function verifyPassword(password: string): Promise<{ message: string }> {
  return post<{ message: string }>('/authentication/verifyPassword', { password });
}

/**
 * The server answers 200 with the message as a JSON string (spec section 7: "the response data");
 * status 200 alone means success, so an answer of another shape still counts, with no text.
 */
function changePasswordText(answer: unknown): string {
  if (typeof answer === 'string') return answer;
  const message = (answer as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : '';
}

export function changeStaffPassword(body: {
  userId: number;
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<string> {
  return put<unknown>('/authentication/changeStaffPassword', body).then(changePasswordText);
}

/** Revokes the refresh token on the server; a failure is ignored since the browser forgets it anyway. */
export async function logOutOnServer(): Promise<void> {
  const refreshToken = readRefreshToken();
  if (refreshToken === null) return;
  try {
    await post('/authentication/logout', { refreshToken });
  } catch {
    // The session is cleared locally either way.
  }
}
