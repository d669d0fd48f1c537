import { defineCatalog } from '../define';

/** Reward and product lists, product cards, reward detail. */
export const catalog = defineCatalog({
  th: {},
  en: {},
});
