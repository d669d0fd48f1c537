import * as v from 'valibot';
import { requiredText, yesNo } from './args';
import { doctypeContract } from './contract';

/**
 * Branch as the back office writes it over /api/resource/Branch (POST creates, PUT updates the fields sent; no
 * delete: a branch is disabled). `branch_name` is accepted for `branch`, the branch's display name; the document
 * is named by the name it was created with, which never changes.
 */
export const BRANCH_MESSAGES = {
  nameRequired: 'Branch name is required',
  tooLong: 'This field is too long',
  phone: 'Phone may contain only digits, spaces, + and -',
} as const;

const M = BRANCH_MESSAGES;
const text = (max: number) => v.optional(v.nullable(v.pipe(v.string(M.tooLong), v.trim(), v.maxLength(max, M.tooLong))));

const branchFields = {
  branch: requiredText(M.nameRequired, 140, M.tooLong),
  address: text(500),
  opening_hours: text(100),
  phone: v.optional(v.nullable(v.pipe(v.string(M.phone), v.trim(), v.maxLength(30, M.phone), v.regex(/^[\d +-]*$/, M.phone)))),
  disabled: v.optional(yesNo('disabled must be 0 or 1')),
};

export const BranchCreateSchema = v.looseObject(branchFields);
export const BranchUpdateSchema = v.looseObject({ ...branchFields, branch: v.optional(branchFields.branch) });
export const BRANCH_WRITABLE = ['branch', 'branch_name', 'address', 'opening_hours', 'phone', 'disabled'] as readonly string[];

/** A Branch as the resource answers it; members and guests never see a disabled one. */
export const BranchDocSchema = v.looseObject({
  name: v.string(),
  branch: v.optional(v.string()),
  address: v.optional(v.string(), ''),
  opening_hours: v.optional(v.string(), '08:00-17:30'),
  phone: v.optional(v.nullable(v.string()), null),
  disabled: v.optional(v.boolean(), false),
});
export type BranchDoc = v.InferOutput<typeof BranchDocSchema>;

/**
 * Branch over /api/resource: anyone reads the branches taking orders, the back office and staff every one; Loyalty
 * Managers create and update them (`BranchCreateSchema` / `BranchUpdateSchema`; `branch_name` is accepted for
 * `branch`). A branch is named by its first name for good. No delete: `disabled` takes it out of the gift form and
 * refuses new orders, while its reward orders are still handed over. Audited.
 */
export const BRANCH = doctypeContract('Branch', BranchDocSchema, ['name', 'branch', 'address', 'opening_hours', 'phone', 'disabled', 'creation', 'modified']);
