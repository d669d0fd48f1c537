import { defineCatalog } from '../define';

/** Points balance, tier, points history (received / used). */
export const points = defineCatalog({
  th: {},
  en: {},
});
