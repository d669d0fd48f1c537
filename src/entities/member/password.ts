// Apart from ./index.ts, which the first screen loads: only the password screens need these.
import { useMutation } from '@tanstack/react-query';
import { callMethod } from '@/lib/api';
import { frappe } from '@/lib/frappe';
import { UPDATE_PASSWORD } from '../../../contracts/password';

/** Mails a single-use link to the account's e-mail (the same answer for unknown accounts). */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (user: string) => frappe.resetPassword(user) });
}

/** Sets the new password with the mailed key; answers where to sign in again. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: (input: { key: string; new_password: string }) => callMethod(UPDATE_PASSWORD, input, { verb: 'POST' }),
  });
}
