import type { Lang } from '@/lib/i18n';
import { localeOf } from '@/lib/i18n';

export { imageUrl } from '@/lib/file-url';

/** Day-month-year in the member's language ('22 ม.ค. 2569', '22 Jan 2026'). */
export function formatDay(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return '';
  const d = new Date(`${iso.slice(0, 10)}T00:00:00`);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(lang), { day: 'numeric', month: 'short', year: 'numeric' }).format(d);
}

export const formatNumber = (n: number, lang: Lang) => n.toLocaleString(localeOf(lang));
