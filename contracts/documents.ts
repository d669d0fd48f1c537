import * as v from 'valibot';
import { doctypeContract } from './contract';

/**
 * The programme's texts over /api/resource: information documents and the terms (named and read by their title),
 * and the single 'Condition of redeem items' shown under every reward. Their HTML is sanitised on the way in.
 */
export const DocumentSchema = v.looseObject({
  name: v.string(),
  title: v.optional(v.string()),
  description: v.pipe(v.optional(v.nullable(v.string()), ''), v.transform((s) => s ?? '')),
  creation: v.optional(v.string()),
  modified: v.optional(v.string()),
});
export type InfoDocument = v.InferOutput<typeof DocumentSchema>;

const DOCUMENT_FIELDS = ['name', 'title', 'description', 'creation', 'modified'] as const;

/**
 * Information Document over /api/resource, named and read by its title (`filters=[["title","=",…]]`): 'Data Disclosure
 * Consent', 'How To Collect Points', 'How To Redeem Rewards', 'Member Conditions', 'Detail of Blog'. Anyone reads them;
 * Blog Managers write them, and the HTML is sanitised on the way in.
 */
export const INFORMATION_DOCUMENT = doctypeContract('Information Document', DocumentSchema, DOCUMENT_FIELDS);

/** The terms ('Terms and Conditions'), with the same rules as the information documents. */
export const TERMS_DOCUMENT = doctypeContract('Terms and Conditions Document', DocumentSchema, DOCUMENT_FIELDS);

/** A Single (any name reads it): the `description` of the redeem conditions shown under every reward. */
export const REDEEM_CONDITIONS = doctypeContract('Condition of redeem items', DocumentSchema, DOCUMENT_FIELDS);
export type DocumentDoctype = typeof INFORMATION_DOCUMENT;
