import { defineCatalog } from '../define';

/** Wishlist tabs and rows. */
export const wishlist = defineCatalog({
  th: {},
  en: {},
});
