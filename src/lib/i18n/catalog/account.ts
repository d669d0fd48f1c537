import { defineCatalog } from '../define';

/** My account, edit profile, change phone, logout confirmation. */
export const account = defineCatalog({
  th: {},
  en: {},
});
