import { defineCatalog } from '../define';

export const reports = defineCatalog({
  th: { title: 'x' },
  en: { title: 'x' },
});
