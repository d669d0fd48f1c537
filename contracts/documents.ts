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

export const INFORMATION_DOCUMENT = doctypeContract('Information Document', DocumentSchema);
export const TERMS_DOCUMENT = doctypeContract('Terms and Conditions Document', DocumentSchema);
export const REDEEM_CONDITIONS = doctypeContract('Condition of redeem items', DocumentSchema);
export type DocumentDoctype = typeof INFORMATION_DOCUMENT;
