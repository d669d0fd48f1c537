import { AMOUNT_MAX, RECEIPT_NO_PATTERN } from '../../../contracts/staff';
import type { MessageKey } from '@/lib/i18n';

export type Checked<T> = { ok: true; value: T } | { ok: false; error: MessageKey };

/** Digits with an optional thousands grouping and up to two decimals: 1250, 1,250.50 */
const AMOUNT_TEXT = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;

/**
 * The purchase amount as typed. Nothing is dropped silently: a minus sign or any other stray character is an
 * error the staff member sees, never a different amount.
 */
export function checkAmount(text: string): Checked<number> {
  const typed = text.trim();
  if (!typed) return { ok: false, error: 'staff.amountRequired' };
  if (/[-−–]/.test(typed)) return { ok: false, error: 'staff.amountNegative' };
  if (!AMOUNT_TEXT.test(typed)) return { ok: false, error: 'staff.amountFormat' };
  const value = Number(typed.replace(/,/g, ''));
  if (!(value > 0)) return { ok: false, error: 'staff.amountRequired' };
  if (value > AMOUNT_MAX) return { ok: false, error: 'staff.amountTooLarge' };
  return { ok: true, value };
}

/** The receipt number as typed: the characters the server accepts, said before anything is sent. */
export function checkReceipt(text: string): Checked<string> {
  const typed = text.trim();
  if (!typed) return { ok: false, error: 'staff.receiptRequired' };
  if (!RECEIPT_NO_PATTERN.test(typed)) return { ok: false, error: 'staff.receiptChars' };
  return { ok: true, value: typed };
}
