import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberKeys, refreshUser } from '@/entities/member';
import { frappe, isFrappeClientError } from '@/lib/frappe';
import type { MessageKey, Translate } from '@/lib/i18n';
import { PHONE_MESSAGES } from '../../../contracts/account';

// The session's queries are the member entity's; the guard and the screens of this feature read them by these names.
export {
  memberKeys as authKeys,
  authorizeUrlQuery,
  bootQuery,
  GUEST_BOOT,
  isMember,
  isSignedIn,
  profileQuery,
  refreshUser,
  tierQuery,
  type BootInfo,
  type OtpAnswer,
  type Profile,
  type Tier,
} from '@/entities/member';

/** The phone rules' sentences (shared with the server) in the member's language. */
const PHONE_KEYS: Record<string, MessageKey> = {
  [PHONE_MESSAGES.invalid]: 'auth.phoneInvalid',
  [PHONE_MESSAGES.wrongCode]: 'auth.wrongCode',
  [PHONE_MESSAGES.enterOtp]: 'auth.enterOtp',
};

/**
 * The server's sentence from a failed phone-verification call, shown as returned (spec §8): the server writes its
 * own in the language on screen; the shared rules' sentences are translated here. Null for none (no answer).
 */
export function serverMessageOf(error: unknown, t: Translate): string | null {
  if (!isFrappeClientError(error)) return null;
  if (error.isNetworkError) return null;
  const message = error.serverMessages[0]?.message;
  if (!message) return null;
  const key = PHONE_KEYS[message];
  return key ? t(key) : message;
}

/** Username + password (staff and admin): the cookie session of Frappe's /api/method/login. */
export function useStaffLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { usr: string; pwd: string }) => frappe.login(input),
    onSuccess: async () => {
      // Lists fetched as a guest must not be shown to the new user.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== memberKeys.boot[0] });
      await refreshUser(queryClient);
    },
  });
}
