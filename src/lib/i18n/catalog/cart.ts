import { defineCatalog } from '../define';

/** Cart side panel: items, quantity stepper, coupon input, delivery method. */
export const cart = defineCatalog({
  th: {},
  en: {},
});
