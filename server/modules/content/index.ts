import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import type { ServerModule } from '../../frappe/module';
import type { DoctypeDef } from '../../frappe/doctypes';
import { audited } from '../audit/service';
import { validationError } from '../../frappe/errors';
import { documents } from '../../db/schema/content';
import { defineMethod } from '../../frappe/methods';
import { today } from '../../../contracts/business-day';
import { rulesOn } from '../programme/versions';
import { expiryFor } from '../programme/rules';
import { defaultProgram } from '../programme/service';
import { LOYALTY_PROGRAM } from '../../../contracts/loyalty';
import { sanitizeRichText } from './sanitize';
import { INFORMATION_DOCUMENT as INFORMATION, REDEEM_CONDITIONS as REDEEM, TERMS_DOCUMENT as TERMS, type DocumentDoctype } from '../../../contracts/documents';

export { sanitizeRichText } from './sanitize';


const titleSchema = v.pipe(v.string('Title is required'), v.trim(), v.minLength(1, 'Title is required'), v.maxLength(140, 'Title is too long'));
const descriptionSchema = v.pipe(v.string('Description must be text'), v.maxLength(200_000, 'Description is too long'));

/**
 * The documents table holds three doctypes; each sees only its own rows. Everyone (guests too) reads them;
 * System Managers and Blog Managers edit them, and the HTML is sanitised before it is stored.
 */
function documentDoctype(contract: DocumentDoctype, opts: { single?: boolean } = {}): DoctypeDef {
  const editors = { allow: ['Blog Manager'] as const };
  const doctype = contract.doctype;
  return {
    ...contract,
    table: documents,
    writable: opts.single ? ['description'] : ['name', 'title', 'description'],
    rows: () => eq(documents.doctype, doctype),
    single: opts.single,
    read: { allow: ['Guest'] },
    create: opts.single ? undefined : editors,
    update: editors,
    delete: opts.single ? undefined : editors,
    defaultOrder: 'title asc',
    // Documents are named by their title, so /api/resource/<doctype>/<title> reads one directly.
    autoname: (_ctx, doc) => String(doc.title),
    validate: (_ctx, doc, op) => {
      const out: Record<string, unknown> = { ...doc };
      if (op === 'create') {
        const title = v.safeParse(titleSchema, doc.title);
        if (!title.success) throw validationError(title.issues[0].message);
        out.title = title.output;
        out.name = title.output;
        out.doctype = doctype;
      } else if (doc.title !== undefined) {
        const title = v.safeParse(titleSchema, doc.title);
        if (!title.success) throw validationError(title.issues[0].message);
        out.title = title.output;
      }
      if (op === 'update') delete out.name;
      if (doc.description !== undefined && doc.description !== null) {
        const description = v.safeParse(descriptionSchema, doc.description);
        if (!description.success) throw validationError(description.issues[0].message);
        out.description = sanitizeRichText(description.output);
      }
      return out;
    },
  };
}

/**
 * The public facts of a loyalty programme (what the information pages and the member card quote), from the rules
 * in effect today: baht per point earned, baht value of a point, and in how many days points earned today expire.
 * Null when there is no such programme.
 */
const getLoyaltyProgram = defineMethod({
  ...LOYALTY_PROGRAM,
  verbs: ['GET'],
  allow: ['Guest'],
  async handler(ctx, { name }) {
    const program = name || (await defaultProgram(ctx.db));
    const day = today();
    const rules = program ? await rulesOn(ctx.db, program, day) : null;
    if (!rules) return null;
    const expiry = expiryFor(rules.rules, day);
    return {
      name: rules.loyalty_program,
      collection_factor: rules.rules.baht_per_point,
      conversion_factor: rules.rules.point_value_baht,
      expiry_duration: Math.round((Date.parse(expiry) - Date.parse(day)) / 86_400_000),
    };
  },
});

export const contentModule: ServerModule = {
  name: 'content',
  methods: [getLoyaltyProgram],
  doctypes: [
    audited(documentDoctype(INFORMATION)),
    audited(documentDoctype(TERMS)),
    audited(documentDoctype(REDEEM, { single: true })),
  ],
};
