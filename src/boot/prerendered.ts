/**
 * The HTML the build rendered inside #root (a guest page at its own address, the member frame in index.html) is Thai
 * and is right only for the addresses it names in `data-prerendered`. This decides, before React starts, whether it
 * stays: an English reader, an address the markup was not rendered for (index.html serves every screen), or a
 * signed-in visitor on a page the app sends them away from (/login), gets an empty root at once instead of the wrong
 * page. What stays is `inert` until the app takes it over: a tap on a button that has no handler yet would be lost,
 * so the page is only read until then. Without JavaScript nothing runs and
 * the markup stays readable and its links work.
 */
import { storedLangCode } from '../lib/i18n/stored-lang';
import { SIGNED_IN_LEAVE_ATTR } from '../../contracts/prerendered';

export const PRERENDERED_ATTR = 'data-prerendered';

/** Whether #root still holds prerendered markup for this page (clearing it when not); idempotent. */
export function claimPrerendered(root: HTMLElement | null = document.getElementById('root')): boolean {
  if (!root) return false;
  const paths = root.getAttribute(PRERENDERED_ATTR);
  // Claimed already (the boot module, then the app's entry): what stays is inert until the app renders.
  if (paths === null) return root.inert && root.childElementCount > 0;
  const here = location.pathname.replace(/(.)\/+$/, '$1');
  const lang = storedLangCode();
  // Signed in (Frappe's readable user_id cookie, set with the session): the app will send them on from such a page.
  const leaving = root.hasAttribute(SIGNED_IN_LEAVE_ATTR) && /(?:^|;\s*)user_id=(?!Guest(?:;|$))[^;]+/.test(document.cookie);
  root.removeAttribute(PRERENDERED_ATTR);
  root.removeAttribute(SIGNED_IN_LEAVE_ATTR);
  if (!paths.split(' ').includes(here) || (lang !== null && lang !== 'th') || leaving) {
    root.replaceChildren();
    root.removeAttribute('inert');
    return false;
  }
  root.inert = true;
  return root.childElementCount > 0;
}
