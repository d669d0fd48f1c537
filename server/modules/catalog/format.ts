/** Baht as Frappe's fmt_money shows it with the ฿ symbol: '฿ 1,290.00'. */
export function formatBaht(amount: number): string {
  const n = Number.isFinite(amount) ? amount : 0;
  const text = Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${n < 0 ? '-' : ''}฿ ${text}`;
}
