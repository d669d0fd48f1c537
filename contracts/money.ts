/**
 * Baht as Frappe's fmt_money writes it, with the ฿ symbol: '฿ 1,290.00'. The server puts it in every
 * `formatted_*` field of an answer; the app writes an amount the same way when the answer has no formatted field,
 * so a price reads alike wherever it comes from (digits grouped the English way in both languages, as in Frappe).
 */
export function formatBaht(amount: number): string {
  const n = Number.isFinite(amount) ? amount : 0;
  return `${n < 0 ? '-' : ''}฿ ${formatAmount(Math.abs(n))}`;
}

/** The amount alone, two decimals: '1,290.00' (for a message that places the currency itself). */
export const formatAmount = (amount: number): string => amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
