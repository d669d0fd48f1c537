/// <reference lib="webworker" />
import { createStore, get, set } from 'idb-keyval';
import type { NotificationLang } from '../contracts/notifications';
import { isLang, languageFrom, notificationFor, targetUrl } from './push-message';

declare const self: ServiceWorkerGlobalScope;

// The app's language on this device, kept by the worker (it cannot read the page's localStorage).
const store = createStore('member-rewards-sw', 'settings');
const LANG_KEY = 'lang';

async function deviceLang(): Promise<NotificationLang | undefined> {
  try {
    const lang = await get<unknown>(LANG_KEY, store);
    return isLang(lang) ? lang : undefined;
  } catch {
    return undefined;
  }
}

/** A message from the page; answers whether it was the language (sw.ts routes the other messages). */
export function handleLanguageMessage(data: unknown, event: ExtendableMessageEvent): boolean {
  const lang = languageFrom(data);
  if (!lang) return false;
  event.waitUntil(set(LANG_KEY, lang, store).catch(() => undefined));
  return true;
}

async function show(event: PushEvent) {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    // not JSON: shown as the generic notification
  }
  const { title, options } = notificationFor(data, await deviceLang());
  await self.registration.showNotification(title, options);
}

/** Focuses an open window of the app and takes it to the address; opens one when none is open. */
async function open(url: string) {
  const windows = await self.clients.matchAll({ type: 'window' });
  const client = windows.find((c) => new URL(c.url).origin === self.location.origin);
  if (client) {
    const focused = await client.focus().catch(() => client);
    const navigated = await focused.navigate(url).catch(() => null);
    if (navigated) return;
  }
  await self.clients.openWindow(url);
}

export function registerPush(): void {
  self.addEventListener('push', (event) => event.waitUntil(show(event)));
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(open(targetUrl(event.notification.data, self.location.origin)));
  });
}
