import { logOutOnServer } from '../../lib/authApi';
import { hardNavigate } from '../../lib/navigation';
import { clearSession } from '../../lib/session';

/** Log Out (spec section 4): revoke on the server if it answers, forget everything, go to /. */
export async function logOut(): Promise<void> {
  await logOutOnServer();
  clearSession();
  // A full load, so no cached data of this session survives into the next.
  hardNavigate('/');
}
