import { defineCatalog } from '../define';

export const programmeAdmin = defineCatalog({
  th: { title: 'x' },
  en: { title: 'x' },
});
