import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
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

applyHtmlLang(useLangStore.getState().lang);
useLangStore.subscribe((state) => applyHtmlLang(state.lang));

// Another tab changed the language: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === LANG_STORAGE_KEY) void useLangStore.persist.rehydrate();
  });
}
