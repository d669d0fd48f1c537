import { defineCatalog } from '../define';

/** Blog admin: posts, categories, dialogs and toasts. */
export const blogAdmin = defineCatalog({
  th: {},
  en: {},
});
