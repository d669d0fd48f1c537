/**
 * The small client-side sign-in state: the session token of a remote Frappe site (session storage,
 * key `token`; never used against our own server, which keeps the session in an HttpOnly cookie), the stored
 * username and the stored phoneverify flag.
 */
export const TOKEN_KEY = 'token';
export const USERNAME_KEY = 'username';
export const PHONEVERIFY_KEY = 'phoneverify';

function session(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : undefined;
  } catch {
    return undefined;
  }
}

function local(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

export const getToken = (): string | null => session()?.getItem(TOKEN_KEY) ?? null;
export const setToken = (token: string) => session()?.setItem(TOKEN_KEY, token);

export const getUsername = (): string | null => local()?.getItem(USERNAME_KEY) ?? null;
export const setUsername = (username: string) => local()?.setItem(USERNAME_KEY, username);

export const getPhoneVerifyFlag = (): boolean => local()?.getItem(PHONEVERIFY_KEY) === 'true';
export function setPhoneVerifyFlag(value: boolean) {
  local()?.setItem(PHONEVERIFY_KEY, value ? 'true' : 'false');
}

/** Sign-out: all session storage, and our keys in local storage. */
export function clearAuthStorage() {
  try {
    session()?.clear();
  } catch {
    // blocked storage
  }
  const ls = local();
  ls?.removeItem(USERNAME_KEY);
  ls?.removeItem(PHONEVERIFY_KEY);
}

/** Frappe's `system_user` cookie (yes / no), set at sign-in. */
export function isSystemUserCookie(): boolean {
  if (typeof document === 'undefined') return false;
  return /(?:^|;\s*)system_user=yes(?:;|$)/.test(document.cookie);
}
