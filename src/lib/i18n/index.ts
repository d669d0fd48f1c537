import { useContext, useMemo, useSyncExternalStore } from 'react';
import './catalog/all';
import { common } from './catalog/common';
import { isRegistered, loadDomain, lookup, registerCatalog, useCatalogVersion, type MessageKey } from './catalog/index';
import type { Lang } from './define';
import { RenderLang } from './render-lang';
import { useLangStore } from './store';

export type { Lang } from './define';
export type { Domain, MessageKey } from './catalog/index';
export { LANGS, defineCatalog } from './define';
export { RenderLang } from './render-lang';
export { useLangStore } from './store';

// The shell's own strings are always there.
registerCatalog('common', common);

export type MessageParams = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/** `{name}`, or `{name|one|other}`: the word that agrees with the number in `name` ("1 point", "2 points"). */
const PLACEHOLDER = /\{(\w+)(?:\|([^|}]*)\|([^}]*))?\}/g;
const pluralRules = new Map<Lang, Intl.PluralRules>();

/** The number a count parameter holds, also when it arrives formatted ("1,200", "+1", "−1"). */
const countOf = (value: string | number) => Math.abs(Number(String(value).replace(/[,\s+\u2212-]/g, '')));

/** Looks a key up in `lang` (falling back to Thai, then to the key itself) and fills its placeholders. */
export function translate(lang: Lang, key: MessageKey, params?: MessageParams): string {
  const template = lookup(lang, key) ?? lookup('th', key) ?? missing(key);
  return template.replace(PLACEHOLDER, (whole, name: string, one?: string, other?: string) => {
    const value = params?.[name];
    if (one === undefined || other === undefined) return value === undefined ? whole : String(value);
    if (value === undefined) return other; // a count not given reads as "{count} points", as before
    let rules = pluralRules.get(lang);
    if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
    return rules.select(countOf(value)) === 'one' ? one : other;
  });
}

function missing(key: string): string {
  const domain = key.slice(0, key.indexOf('.'));
  if (domain && !isRegistered(domain)) void loadDomain(domain);
  return key;
}

/** Translate outside React (event handlers, loaders, notifications) in the current language. */
export const t: Translate = (key, params) => translate(useLangStore.getState().lang, key, params);

const storedLang = () => useLangStore.getState().lang;

/**
 * The language on screen. On the server, the one the render was asked for (RenderLang). In the browser, the stored
 * choice, from the very first render: when the app takes over the server's page (hydration), React reads the "server
 * snapshot", which is zustand's initial state (Thai) by default and would not match a page the server drew in English.
 */
function useCurrentLang(): Lang {
  const rendered = useContext(RenderLang);
  return useSyncExternalStore(useLangStore.subscribe, storedLang, () => rendered ?? storedLang());
}

/** `const t = useT(); t('common.appName')` — re-renders when the language changes. */
export function useT(): Translate {
  const lang = useCurrentLang();
  // A domain fetched late (see loadDomain) bumps the version: a new function, so the screen renders again.
  const version = useCatalogVersion((state) => state.version);
  return useMemo<Translate>(() => {
    const translator: Translate = (key, params) => translate(lang, key, params);
    return Object.assign(translator, { catalogVersion: version });
  }, [lang, version]);
}

export function useLang(): [Lang, (lang: Lang) => void] {
  const lang = useCurrentLang();
  const setLang = useLangStore((state) => state.setLang);
  return [lang, setLang];
}

/** BCP 47 locale for Intl formatters: Thai dates use the Buddhist calendar, as members expect. */
export const localeOf = (lang: Lang): string => (lang === 'th' ? 'th-TH' : 'en-GB');
