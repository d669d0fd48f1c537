import { defineCatalog } from '../define';

/** Marketing site: bakery home, blog, branches, about us, product pages, privacy policy. */
export const marketing = defineCatalog({
  th: {},
  en: {},
});
