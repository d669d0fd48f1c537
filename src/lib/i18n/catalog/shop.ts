import { defineCatalog } from '../define';

/** New items, shop filter and advanced filter, product comparison. */
export const shop = defineCatalog({
  th: {},
  en: {},
});
