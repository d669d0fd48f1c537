import { localeOf, type Lang } from '@/lib/i18n';

export function formatDay(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return '';
  const d = new Date(`${iso.slice(0, 10)}T00:00:00`);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(lang), { day: 'numeric', month: 'short', year: 'numeric' }).format(d);
}

export const formatNumber = (n: number, lang: Lang) => n.toLocaleString(localeOf(lang));
