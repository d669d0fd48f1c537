import type { EventPayload, NotificationKind, NotificationLang } from '../../../contracts/notifications';

/**
 * What a member reads for each event, in Thai and in English: a push shows both to the service worker (which
 * picks the language the app uses on that device), a LINE message is written in the member's language.
 */

export interface Rendered {
  title: Record<NotificationLang, string>;
  body: Record<NotificationLang, string>;
  /** Where a tap goes inside the app. */
  url: string;
}

const numberIn = (lang: NotificationLang, n: number) => new Intl.NumberFormat(lang === 'th' ? 'th-TH' : 'en-GB').format(n);

/** 2026-12-31 → "31 ธ.ค. 2569" / "31 Dec 2026" (Thai dates in the Buddhist era, as members read them). */
function dayIn(lang: NotificationLang, day: string) {
  const d = new Date(`${day}T00:00:00Z`);
  return new Intl.DateTimeFormat(lang === 'th' ? 'th-TH' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);
}

const both = (make: (lang: NotificationLang) => string) => ({ th: make('th'), en: make('en') });
const pts = (lang: NotificationLang, n: number) => numberIn(lang, Math.abs(n));
/** "1 point", "1,200 points". */
const pointsEn = (n: number) => `${pts('en', n)} ${Math.abs(n) === 1 ? 'point' : 'points'}`;

type Renderers = { [K in NotificationKind]: (p: EventPayload<K>) => Rendered };

const RENDER: Renderers = {
  points_received: (p) => ({
    title: { th: `ได้รับ ${pts('th', p.points)} คะแนน`, en: `You received ${pointsEn(p.points)}` },
    body: both((l) =>
      l === 'th'
        ? `${p.source === 'staff_award' ? `จากการซื้อที่${p.branch ? ` ${p.branch}` : 'ร้าน'}` : `จากคำสั่งซื้อ ${p.order ?? ''}`.trim()} · คะแนนคงเหลือ ${pts(l, p.balance)} คะแนน`
        : `${p.source === 'staff_award' ? `For your purchase${p.branch ? ` at ${p.branch}` : ' in store'}` : `For order ${p.order ?? ''}`.trim()} · Balance ${pointsEn(p.balance)}`,
    ),
    url: '/reward-history',
  }),
  points_adjusted: (p) => ({
    title:
      p.points >= 0
        ? { th: `เพิ่มคะแนนให้คุณ ${pts('th', p.points)} คะแนน`, en: `${pointsEn(p.points)} added to your account` }
        : { th: `หักคะแนน ${pts('th', p.points)} คะแนน`, en: `${pointsEn(p.points)} deducted` },
    body: both((l) =>
      l === 'th'
        ? `${p.reason ? `${p.reason} · ` : ''}คะแนนคงเหลือ ${pts(l, p.balance)} คะแนน`
        : `${p.reason ? `${p.reason} · ` : ''}Balance ${pointsEn(p.balance)}`,
    ),
    url: '/reward-history',
  }),
  points_expiring: (p) => ({
    title: {
      th: `${pts('th', p.points)} คะแนนจะหมดอายุใน ${p.days} วัน`,
      en: `${pointsEn(p.points)} ${Math.abs(p.points) === 1 ? 'expires' : 'expire'} in ${p.days} ${p.days === 1 ? 'day' : 'days'}`,
    },
    body: { th: `ใช้คะแนนแลกของรางวัลได้ถึง ${dayIn('th', p.expiry_date)}`, en: `Redeem them for a reward by ${dayIn('en', p.expiry_date)}` },
    url: '/reward-history',
  }),
  reward_ready: (p) => ({
    title: { th: 'ของรางวัลพร้อมให้รับแล้ว', en: 'Your reward is ready' },
    body: {
      th: `${p.item_name}${p.branch ? ` · รับได้ที่ ${p.branch}` : ''} · แสดงรหัสที่ร้าน`,
      en: `${p.item_name}${p.branch ? ` · collect it at ${p.branch}` : ''} · show the code in store`,
    },
    url: `/my-order/${encodeURIComponent(p.order)}`,
  }),
  reward_collected: (p) => ({
    title: { th: 'รับของรางวัลเรียบร้อยแล้ว', en: 'Reward collected' },
    body: { th: `${p.item_name}${p.branch ? ` · ${p.branch}` : ''}`, en: `${p.item_name}${p.branch ? ` · ${p.branch}` : ''}` },
    url: `/my-order-details/${encodeURIComponent(p.order)}`,
  }),
  order_status: (p) => ({
    title: { th: 'ยืนยันการชำระเงินแล้ว', en: 'Payment confirmed' },
    body: both((l) => {
      const earned = p.points ? (l === 'th' ? ` · ได้รับ ${pts(l, p.points)} คะแนน` : ` · ${pointsEn(p.points)} earned`) : '';
      return l === 'th' ? `คำสั่งซื้อ ${p.order}${earned}` : `Order ${p.order}${earned}`;
    }),
    url: `/my-order-details/${encodeURIComponent(p.order)}`,
  }),
  campaign: (p) => ({ title: p.title, body: p.body, url: p.url ?? '/' }),
};

export function renderEvent<K extends NotificationKind>(kind: K, payload: EventPayload<K>): Rendered {
  return (RENDER[kind] as (p: EventPayload<K>) => Rendered)(payload);
}

/** A LINE text message: title, body and a link back into the app inside LINE. */
export function lineText(rendered: Rendered, lang: NotificationLang, link: string): string {
  const label = lang === 'th' ? 'ดูรายละเอียด' : 'View details';
  return `${rendered.title[lang]}\n${rendered.body[lang]}\n\n${label}: ${link}`;
}

/** "Tumbler" or "Tumbler, Tote bag": a reward order's items as a member reads them in a notification. */
export function itemSummary(names: readonly string[]): string {
  return (names.filter(Boolean).join(', ') || '-').slice(0, 200);
}
