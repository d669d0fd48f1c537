export { LANGS, type Lang } from '../../../contracts/language';

export type Messages = Readonly<Record<string, string>>;

/**
 * Declares one domain's messages. Thai is the source: `en` must have exactly the same keys (the compiler
 * rejects a missing or an extra key; tests/src/lib/i18n/catalog.test.ts checks it again at run time).
 * Placeholders are written `{name}` and must appear in both languages.
 */
export function defineCatalog<const T extends Messages>(catalog: {
  th: T;
  en: { readonly [K in keyof T]: string };
}): { th: T; en: { readonly [K in keyof T]: string } } {
  return catalog;
}
