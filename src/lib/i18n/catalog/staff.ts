import { defineCatalog } from '../define';

/** Staff screens: scanning member codes, confirming reward pick-up. */
export const staff = defineCatalog({
  th: {},
  en: {},
});
