import { queryOptions } from '@tanstack/react-query';
import { getListOf } from '@/lib/api';
import { INFORMATION_DOCUMENT, TERMS_DOCUMENT, DOCUMENT_TITLES, type DocumentDoctype, type InfoDocument } from '../../../contracts/documents';

export { DOCUMENT_TITLES, INFORMATION_DOCUMENT, TERMS_DOCUMENT, type DocumentDoctype, type InfoDocument } from '../../../contracts/documents';

export const documentKeys = {
  all: ['documents'] as const,
  document: (doctype: string, title: string) => ['documents', doctype, title] as const,
};

/** A document by its title (name and description); null when there is none. */
export const documentQuery = (doctype: DocumentDoctype, title: string) =>
  queryOptions({
    queryKey: documentKeys.document(doctype.doctype, title),
    queryFn: async ({ signal }): Promise<InfoDocument | null> => {
      const rows = await getListOf(doctype, { fields: ['name', 'description'], filters: [['title', '=', title]], limit: 1 }, { signal });
      return rows[0] ?? null;
    },
    staleTime: 10 * 60 * 1000,
    meta: { persist: 'idb' },
  });

export const informationQuery = (title: string) => documentQuery(INFORMATION_DOCUMENT, title);
export const termsQuery = () => documentQuery(TERMS_DOCUMENT, DOCUMENT_TITLES.terms);
