import { defineCatalog } from '../define';

/** Coupons: usable and used tabs. */
export const coupons = defineCatalog({
  th: {},
  en: {},
});
