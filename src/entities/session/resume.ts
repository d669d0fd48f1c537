import { getToken } from '@/lib/auth-storage';
import { frappe } from '@/lib/frappe';

/*
 * Its own module: the guards run it on every page, so it is in the first download, and the rest of the session
 * (the sign-in and sign-out mutations) is not.
 */

/** A session token a remote Frappe site handed over (LINE's callback), kept from an earlier load: calls carry it. */
export function resumeTokenSession(): void {
  if (getToken()) frappe.setTokenAuth({ type: 'token', token: getToken });
}
