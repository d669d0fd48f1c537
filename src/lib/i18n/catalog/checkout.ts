import { defineCatalog } from '../define';

/** Checkout, gift redemption checkout, thank-you page, checkout validation messages. */
export const checkout = defineCatalog({
  th: {},
  en: {},
});
