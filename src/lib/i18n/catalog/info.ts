import { defineCatalog } from '../define';

/** Information pages: consent, collect points, how to redeem, member conditions, terms. */
export const info = defineCatalog({
  th: {},
  en: {},
});
