import { useCallback } from 'react';
import { messages, type MessageKey } from './catalog/index';
import type { Lang } from './define';
import { useLangStore } from './store';

export type { Lang } from './define';
export type { MessageKey } from './catalog/index';
export { LANGS, defineCatalog } from './define';
export { useLangStore } from './store';

export type MessageParams = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

const PLACEHOLDER = /\{(\w+)\}/g;

/** Looks a key up in `lang` (falling back to Thai, then to the key itself) and fills `{name}` placeholders. */
export function translate(lang: Lang, key: MessageKey, params?: MessageParams): string {
  const template = messages[lang][key] ?? messages.th[key] ?? key;
  if (!params) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** Translate outside React (event handlers, loaders, notifications) in the current language. */
export const t: Translate = (key, params) => translate(useLangStore.getState().lang, key, params);

/** `const t = useT(); t('common.appName')` — re-renders when the language changes. */
export function useT(): Translate {
  const lang = useLangStore((state) => state.lang);
  return useCallback<Translate>((key, params) => translate(lang, key, params), [lang]);
}

export function useLang(): [Lang, (lang: Lang) => void] {
  const lang = useLangStore((state) => state.lang);
  const setLang = useLangStore((state) => state.setLang);
  return [lang, setLang];
}

/** BCP 47 locale for Intl formatters: Thai dates use the Buddhist calendar, as members expect. */
export const localeOf = (lang: Lang): string => (lang === 'th' ? 'th-TH' : 'en-GB');
