import { queryOptions } from '@tanstack/react-query';
import { getListOf } from '@/lib/api';
import { INFORMATION_DOCUMENT, TERMS_DOCUMENT, type DocumentDoctype, type InfoDocument } from '../../../contracts/documents';

export { INFORMATION_DOCUMENT, TERMS_DOCUMENT, type DocumentDoctype, type InfoDocument } from '../../../contracts/documents';

/** The documents the information pages show, by their titles. */
export const DOCUMENT_TITLES = {
  consent: 'Data Disclosure Consent',
  collectPoints: 'How To Collect Points',
  redeemRewards: 'How To Redeem Rewards',
  memberConditions: 'Member Conditions',
  blogDetail: 'Detail of Blog',
  terms: 'Terms and Conditions',
} as const;

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
