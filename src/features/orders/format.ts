import { localeOf, type Lang } from '@/lib/i18n';

export function formatDay(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return '';
  const d = new Date(`${iso.slice(0, 10)}T00:00:00`);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(lang), { day: 'numeric', month: 'short', year: 'numeric' }).format(d);
}

export const baht = (n: number) => `฿ ${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const imageUrl = (path: string | null | undefined) => (path ? `${import.meta.env.VITE_FRAPPE_URL ?? ''}${path}` : undefined);
