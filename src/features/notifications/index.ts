/**
 * Notifications on this device and the member's notification settings. Loaded lazily by the routes that show
 * them (/my-account, the thank-you page after a redemption): none of it is in the first route.
 */
export { NotificationSettings } from './components/notification-settings';
export { PushOffer } from './components/push-offer';
export { forgetThisDevice } from './push';
