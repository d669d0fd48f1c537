// The password-reset calls, apart from ./api.ts (which every first route loads): only the password screens need
// them, and the schemas the contract module builds when it loads.
import { useMutation } from '@tanstack/react-query';
import * as v from 'valibot';
import { frappe } from '@/lib/frappe';
import { UPDATE_PASSWORD_METHOD } from '../../../contracts/password';

/** Frappe's reset_password: mails a single-use link to the account's e-mail (same answer for unknown accounts). */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (user: string) => frappe.resetPassword(user) });
}

/** Frappe's update_password with the mailed key; answers where to sign in again. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: (input: { key: string; new_password: string }) =>
      frappe.call(UPDATE_PASSWORD_METHOD, input, { verb: 'POST', schema: v.string() }),
  });
}
