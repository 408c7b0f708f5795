import { z } from 'zod';
import { messageSchema } from '@app/contract/auth';
import { sessionSchema } from '@app/contract/session';
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
  return post('/authentication/register', body, { schema: sessionSchema });
}

export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return post('/authentication/forgotPassword', { email }, { schema: messageSchema });
}

export function resetPassword(body: {
  token: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<{ message: string }> {
  return post('/authentication/resetPassword', body, { schema: messageSchema });
}

export function verifyPassword(password: string): Promise<{ message: string }> {
  return post('/authentication/verifyPassword', { password }, { schema: messageSchema });
}

/**
 * The server answers 200 with the message as a JSON string (spec section 7: "the response data");
 * status 200 alone means success, so an answer of another shape still counts, with no text.
 */
const changePasswordAnswer = z.union([
  z.string(),
  messageSchema.transform((body) => body.message),
  z.unknown().transform(() => ''),
]);

export function changeStaffPassword(body: {
  userId: number;
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<string> {
  return put('/authentication/changeStaffPassword', body, { schema: changePasswordAnswer });
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
