import * as v from 'valibot';
import { pushSubscriptionSchema, type NotificationLang } from '../../../contracts/notifications';
import { forgetSubscription, registerSubscription, vapidPublicKey } from '@/entities/notifications';
import { isFrappeClientError } from '@/lib/frappe';

/**
 * This device's Web Push: whether it can have it, and turning it on (only ever from a tap: browsers, and iOS
 * always, refuse a permission request that no gesture started) or off.
 */

/** 'ios-install': iOS shows notifications only to an app added to the Home Screen (iOS 16.4+). */
export type PushSupport = 'supported' | 'ios-install' | 'unsupported';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
  if (ios && !standalone) return 'ios-install';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return 'supported';
}

export const permission = (): NotificationPermission => (typeof Notification === 'undefined' ? 'denied' : Notification.permission);

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return 'serviceWorker' in navigator ? navigator.serviceWorker.getRegistration() : undefined;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

const base64url = (bytes: ArrayBuffer | null | undefined) =>
  bytes ? btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : '';

function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const raw = atob(key.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Tells the server about this device's subscription (again: it moves to whoever is signed in now). */
async function register(subscription: PushSubscription, lang: NotificationLang) {
  return registerSubscription(v.parse(pushSubscriptionSchema, subscription.toJSON()), lang);
}

/**
 * Registers the subscription; when the server refuses its endpoint because another account holds it under other keys
 * (it was registered by someone who never had this browser), the browser's subscription is replaced by a new one, with
 * a new endpoint, and that one is registered: the device still gets the member's notifications.
 */
async function registerOrRenew(subscription: PushSubscription, lang: NotificationLang) {
  try {
    await register(subscription, lang);
  } catch (error) {
    if (!isFrappeClientError(error) || error.code !== 'push_endpoint_in_use') throw error;
    const reg = await registration();
    const key = subscription.options.applicationServerKey;
    await subscription.unsubscribe().catch(() => false);
    if (!reg || !key) throw error;
    await register(await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }), lang);
  }
}

export type EnableOutcome = 'enabled' | 'denied' | 'dismissed';

/** Call from a tap: asks for permission, subscribes with the server's key and registers the subscription. */
export async function enablePush(lang: NotificationLang): Promise<EnableOutcome> {
  const answer = await Notification.requestPermission();
  if (answer !== 'granted') return answer === 'denied' ? 'denied' : 'dismissed';
  const key = await vapidPublicKey();
  const reg = await navigator.serviceWorker.ready;
  let subscription = await reg.pushManager.getSubscription();
  // A subscription made for another key (the server's keys changed) cannot be used: start again.
  if (subscription && base64url(subscription.options.applicationServerKey) !== key) {
    await subscription.unsubscribe().catch(() => false);
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  await registerOrRenew(subscription, lang);
  return 'enabled';
}

/**
 * Keeps the server's record of this device current (browsers may renew a subscription, and only Firefox says
 * so): re-registered whenever the settings are opened with notifications on.
 */
export async function refreshPush(lang: NotificationLang): Promise<boolean> {
  if (permission() !== 'granted') return false;
  const subscription = await currentSubscription();
  if (!subscription) return false;
  await registerOrRenew(subscription, lang);
  return true;
}

/** Stops notifications on this device: the server forgets it, then the browser drops the subscription. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await forgetSubscription(subscription.endpoint);
  await subscription.unsubscribe().catch(() => false);
}

/** At sign-out: this device stops receiving the member's notifications (a shared phone, a handed-on tablet). */
export async function forgetThisDevice(): Promise<void> {
  try {
    await disablePush();
  } catch {
    // Offline: the browser's subscription still goes, so nothing more reaches this device for them.
    await (await currentSubscription())?.unsubscribe().catch(() => false);
  }
}
