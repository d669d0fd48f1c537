/**
 * The HTML rendered inside #root (by the build: a guest page at its own address, the member frame in index.html, all
 * Thai; by the server: a member's screen in the language of their `lang` cookie) is right only for the addresses it
 * names in `data-prerendered`, and in its language (`lang` on #root, Thai when absent). This decides, before React
 * starts, whether it stays: a reader whose device keeps another language (a cookie missing, or older than the choice),
 * an address the markup was not rendered for (index.html serves every screen), or a signed-in visitor on a page the
 * app sends them away from (/login), gets an empty root at once instead of the wrong page. What stays is `inert` until
 * the app takes it over: a tap on a button that has no handler yet would be lost, so the page is only read until
 * then. Without JavaScript nothing runs and the markup stays readable and its links work.
 */
import { storedLangCode } from '../lib/i18n/stored-lang';
import { langOf } from '../../contracts/language';
import { SIGNED_IN_LEAVE_ATTR } from '../../contracts/prerendered';

export const PRERENDERED_ATTR = 'data-prerendered';

/** Whether #root still holds prerendered markup for this page (clearing it when not); idempotent. */
export function claimPrerendered(root: HTMLElement | null = document.getElementById('root')): boolean {
  if (!root) return false;
  const paths = root.getAttribute(PRERENDERED_ATTR);
  // Claimed already (the boot module, then the app's entry): what stays is inert until the app renders.
  if (paths === null) return root.inert && root.childElementCount > 0;
  const here = location.pathname.replace(/(.)\/+$/, '$1');
  // The device's choice, as the app's language store reads it (none is Thai); the markup's own, as it was rendered.
  const sameLang = langOf(storedLangCode()) === langOf(root.getAttribute('lang'));
  // Signed in (Frappe's readable user_id cookie, set with the session): the app will send them on from such a page.
  const leaving = root.hasAttribute(SIGNED_IN_LEAVE_ATTR) && /(?:^|;\s*)user_id=(?!Guest(?:;|$))[^;]+/.test(document.cookie);
  root.removeAttribute(PRERENDERED_ATTR);
  root.removeAttribute(SIGNED_IN_LEAVE_ATTR);
  // From here on <html lang>, which the app keeps, says the page's language.
  root.removeAttribute('lang');
  if (!paths.split(' ').includes(here) || !sameLang || leaving) {
    root.replaceChildren();
    root.removeAttribute('inert');
    return false;
  }
  root.inert = true;
  return root.childElementCount > 0;
}
