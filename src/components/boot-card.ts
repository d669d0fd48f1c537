/** The element the boot module paints the member card into before React starts, outside React's root. */
export const BOOT_CARD_ID = 'boot-member-card';

/**
 * Removes the boot card once React shows another screen than the member card (the guard sent the visitor to sign in,
 * say). Apart from the QR drawing, so the app's entry can call it without carrying the encoder.
 */
export function dropBootCard() {
  document.getElementById(BOOT_CARD_ID)?.remove();
}
