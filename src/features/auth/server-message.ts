import { codeText } from '@/lib/error-text';
import { isFrappeClientError } from '@/lib/frappe';
import type { Translate } from '@/lib/i18n';

// Not in ./api.ts: that module is in every page's first download, and the errors catalogue would come with this.

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
