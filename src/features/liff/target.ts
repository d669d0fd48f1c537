import { IN_APP_PATH } from '../../../contracts/notifications';

/** Where the member lands when the LIFF URL carries no deep link: their member card. */
export const LIFF_HOME = '/my-id';

/**
 * The screen a LIFF URL asks for. LINE opens https://liff.line.me/<id>/reward-history as
 * /liff?liff.state=%2Freward-history (and LIFF's SDK may then move to /liff/reward-history): both, or nothing
 * (the card). Only addresses inside the app, and never back into /liff or the API.
 */
export function liffTarget(pathname: string, search: string): string {
  const state = new URLSearchParams(search).get('liff.state');
  const rest = pathname.replace(/^\/liff(?=\/|$)/, '');
  const wanted = state ?? rest;
  if (!wanted || wanted === '/' || !IN_APP_PATH.test(wanted) || /^\/(liff|api)(\/|\?|$)/.test(wanted)) return LIFF_HOME;
  return wanted;
}
