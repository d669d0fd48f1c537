import { isFrappeClientError } from '@/lib/frappe';
import type { MessageKey, Translate } from '@/lib/i18n';
import type { ErrorCode } from '../../../contracts/errors';

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
  type Profile,
  type Tier,
} from '@/entities/member';

/** The phone rules (shared with the server) in the member's language, by their codes. */
const PHONE_KEYS: Partial<Record<ErrorCode, MessageKey>> = {
  phone_invalid: 'auth.phoneInvalid',
  otp_wrong: 'auth.wrongCode',
  otp_required: 'auth.enterOtp',
};

/**
 * The server's refusal of a phone-verification call: a shared rule in the member's language (by its code); else the
 * server's own sentence, shown as returned (it writes it in the language on screen). Null for none (no answer).
 */
export function serverMessageOf(error: unknown, t: Translate): string | null {
  if (!isFrappeClientError(error)) return null;
  if (error.isNetworkError) return null;
  const key = error.code && PHONE_KEYS[error.code];
  if (key) return t(key);
  return error.serverMessages[0]?.message || null;
}
