import * as v from 'valibot';
import type { LiffClient } from './sdk';

/**
 * The development stand-in for LIFF (the server offers it when LINE is not configured, never in production).
 * "Signed in to LINE" is this browser's choice on the server's development page; the token comes from the
 * server, signed as the development LINE signs id_tokens, and goes through the same liff_login.
 */
const DEV_LIFF = '/api/dev/liff';
const tokenAnswer = v.object({ id_token: v.nullable(v.string()) });

export function devLiff(): LiffClient {
  let token: string | null = null;
  return {
    async init() {
      const res = await fetch(`${DEV_LIFF}/id_token`, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(`development LIFF answered ${res.status}`);
      token = v.parse(tokenAnswer, await res.json()).id_token;
    },
    // The LINE app's browser says "Line/<version>" in its user agent.
    isInClient: () => /\bLine\//i.test(navigator.userAgent),
    isLoggedIn: () => token !== null,
    login(redirectUri) {
      const back = new URL(redirectUri, window.location.origin);
      window.location.assign(`${DEV_LIFF}/authorize?${new URLSearchParams({ redirect_uri: `${back.pathname}${back.search}` }).toString()}`);
    },
    getIDToken: () => token,
  };
}
