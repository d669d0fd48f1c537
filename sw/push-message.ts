import * as v from 'valibot';
import {
  inAppPathSchema,
  NOTIFICATION_LANGS,
  pushPayloadSchema,
  setLanguageMessageSchema,
  type NotificationLang,
} from '../contracts/notifications';

/**
 * What the worker shows for a push, and where a tap goes. Pure (no worker types), so tests run it in Node.
 * The text is chosen in the language the app uses on this device (the page tells the worker: SET_LANGUAGE), else
 * the member's language as the server knows it.
 */

export interface ShownNotification {
  title: string;
  options: { body: string; tag: string; lang: NotificationLang; icon: string; badge: string; data: { url: string } };
}

const ICON = '/icons/icon-192.png';

/** A push every browser requires us to show something for, even one we cannot read. */
const FALLBACK: Record<NotificationLang, { title: string; body: string }> = {
  th: { title: 'Member Rewards', body: 'มีการแจ้งเตือนใหม่ แตะเพื่อเปิดแอป' },
  en: { title: 'Member Rewards', body: 'You have a new notification. Tap to open the app.' },
};

export const isLang = (value: unknown): value is NotificationLang => NOTIFICATION_LANGS.includes(value as NotificationLang);

export function notificationFor(data: unknown, deviceLang: NotificationLang | undefined): ShownNotification {
  const parsed = v.safeParse(pushPayloadSchema, data);
  if (!parsed.success) {
    const lang = deviceLang ?? 'th';
    return { title: FALLBACK[lang].title, options: { ...FALLBACK[lang], tag: 'member-rewards', lang, icon: ICON, badge: ICON, data: { url: '/' } } };
  }
  const p = parsed.output;
  const lang = deviceLang ?? p.lang;
  return {
    title: p.title[lang],
    // One notification per event: a delivery repeated after a lost answer replaces it instead of stacking.
    options: { body: p.body[lang], tag: `event-${p.id}`, lang, icon: ICON, badge: ICON, data: { url: p.url } },
  };
}

/** The address a tap opens: the notification's in-app path on this origin, else the home screen. */
export function targetUrl(data: unknown, origin: string): string {
  const url = (data as { url?: unknown } | null)?.url;
  return new URL(v.is(inAppPathSchema, url) ? url : '/', origin).href;
}

export function languageFrom(message: unknown): NotificationLang | null {
  const parsed = v.safeParse(setLanguageMessageSchema, message);
  return parsed.success ? parsed.output.lang : null;
}
