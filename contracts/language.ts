/** The app's languages. Thai is the default: the language of anyone who has chosen none. */
export const LANGS = ['th', 'en'] as const;
export type Lang = (typeof LANGS)[number];

/** A stored or sent language code as one of the app's languages: anything else (none, a stale or foreign code) is Thai. */
export const langOf = (code: unknown): Lang => (LANGS.includes(code as Lang) ? (code as Lang) : 'th');

/**
 * The member's chosen language, kept in a cookie as well as on the device, so the server renders their first open in
 * it (a member page drawn from their data). The app writes it, so it is not HttpOnly; a preference, not personal data.
 */
export const LANG_COOKIE = 'lang';
/** A year, renewed at every start of the app. */
const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The `document.cookie` assignment that keeps `lang` (Secure when the page is served over HTTPS). */
export const langCookie = (lang: Lang, secure: boolean): string =>
  `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
