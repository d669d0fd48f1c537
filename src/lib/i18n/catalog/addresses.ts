import { defineCatalog } from '../define';

/** Saved addresses: list, add, edit, delete, badges, validation messages. */
export const addresses = defineCatalog({
  th: {},
  en: {},
});
