import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { langCookie } from '../../../contracts/language';
import { LANGS, type Lang } from './define';
import { LANG_STORAGE_KEY } from './stored-lang';

interface LangState {
  lang: Lang;
  setLang: (lang: Lang) => void;
}

export { LANG_STORAGE_KEY } from './stored-lang';

const isLang = (value: unknown): value is Lang => LANGS.includes(value as Lang);

function localStore(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled (private mode, sandboxed frame)
  }
}

/** Stores the bare code ('th' or 'en') under `lang`, not zustand's JSON envelope: readable by anything. */
const langStorage: PersistStorage<Pick<LangState, 'lang'>> = {
  getItem: (name) => {
    const value = localStore()?.getItem(name);
    return isLang(value) ? { state: { lang: value }, version: 0 } : null;
  },
  setItem: (name, value: StorageValue<Pick<LangState, 'lang'>>) => {
    try {
      localStore()?.setItem(name, value.state.lang);
    } catch {
      // quota or disabled storage: the choice still holds for this session
    }
  },
  removeItem: (name) => localStore()?.removeItem(name),
};

export const useLangStore = create<LangState>()(
  persist((set) => ({ lang: 'th', setLang: (lang) => set({ lang }) }), {
    name: LANG_STORAGE_KEY,
    storage: langStorage,
    partialize: (state) => ({ lang: state.lang }),
  }),
);

function applyHtmlLang(lang: Lang) {
  if (typeof document !== 'undefined' && document.documentElement.lang !== lang) document.documentElement.lang = lang;
}

/**
 * The choice also goes into the `lang` cookie, which the server reads to render a member's first open in it: written
 * whenever the language is set or read back from the device, so a member who chose it before the cookie existed has it
 * from their next start. The device's copy (localStorage) stays the one read offline and before the app loads.
 */
function writeLangCookie(lang: Lang) {
  if (typeof document === 'undefined') return;
  try {
    document.cookie = langCookie(lang, location.protocol === 'https:');
  } catch {
    // cookies disabled: the server renders Thai, which the boot module does not keep for a reader of another language
  }
}

const applyLang = (lang: Lang) => {
  applyHtmlLang(lang);
  writeLangCookie(lang);
};
applyLang(useLangStore.getState().lang);
useLangStore.subscribe((state) => applyLang(state.lang));

// Another tab changed the language: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === LANG_STORAGE_KEY) void useLangStore.persist.rehydrate();
  });
}
