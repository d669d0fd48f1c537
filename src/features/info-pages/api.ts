import { queryOptions } from '@tanstack/react-query';
import { frappe } from '@/lib/frappe';

export const INFORMATION_DOCUMENT = 'Information Document';
export const TERMS_DOCUMENT = 'Terms and Conditions Document';

/** The documents the information pages show, by their title (the original back end's document names). */
export const DOCUMENT_TITLES = {
  consent: 'Data Disclosure Consent',
  collectPoints: 'How To Collect Points',
  redeemRewards: 'How To Redeem Rewards',
  memberConditions: 'Member Conditions',
  blogDetail: 'Detail of Blog',
  terms: 'Terms and Conditions',
} as const;

export interface InfoDocument {
  name: string;
  description: string;
}

export const infoKeys = {
  all: ['info-documents'] as const,
  document: (doctype: string, title: string) => ['info-documents', doctype, title] as const,
};

/** A document by title (fields name and description); null when there is none. */
export const documentQuery = (doctype: string, title: string) =>
  queryOptions({
    queryKey: infoKeys.document(doctype, title),
    queryFn: async ({ signal }) => {
      const rows = await frappe.getList<InfoDocument>(
        doctype,
        { fields: ['name', 'description'], filters: [['title', '=', title]], limit: 1 },
        { signal },
      );
      return rows[0] ?? null;
    },
    staleTime: 10 * 60 * 1000,
  });

export const informationQuery = (title: string) => documentQuery(INFORMATION_DOCUMENT, title);
export const termsQuery = () => documentQuery(TERMS_DOCUMENT, DOCUMENT_TITLES.terms);
