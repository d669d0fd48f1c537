import { isFrappeClientError } from '@/lib/frappe';
import { codeText } from '@/lib/error-text';
import type { Translate } from '@/lib/i18n';

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

/**
 * The server's refusal of a phone-verification call: its code's sentence in the member's language; else the
 * server's own sentence, shown as returned (it writes it in the language on screen). Null for none (no answer).
 */
export function serverMessageOf(error: unknown, t: Translate): string | null {
  if (!isFrappeClientError(error)) return null;
  if (error.isNetworkError) return null;
  const known = codeText(error.code, t);
  if (known) return known;
  return error.serverMessages[0]?.message || null;
}
