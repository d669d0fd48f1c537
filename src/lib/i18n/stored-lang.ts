/**
 * Where the chosen language is kept: the bare code ('th' or 'en') under `lang` in localStorage, readable by the
 * boot modules that run before the app (and its zustand store) has loaded.
 */
export const LANG_STORAGE_KEY = 'lang';

/** The stored language code, or null when none is stored or storage is disabled (private mode, sandboxed frame). */
export function storedLangCode(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    return null;
  }
}
