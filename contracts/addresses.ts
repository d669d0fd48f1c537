import * as v from 'valibot';
import { noArgs } from './args';
import type { RuleCode } from './errors';
import { doctypeContract, methodContract } from './contract';

/**
 * Address rules shared by the app and the server: the same schema runs in the form and in
 * headless_e_commerce.api.add_address / update_address, so both show the same messages.
 */

export interface Choice {
  value: string;
  th: string;
  en: string;
}
export interface Province extends Choice {
  districts: Choice[];
}
export interface Country extends Choice {
  /** States of this country; Thailand's are the provinces of the shipping forms. */
  states: string[];
}
export interface AddressOptions {
  countries: Country[];
  states: Choice[];
  provinces: Province[];
  defaultCountry: string;
}

/** A place whose stored value is its English name. */
const place = (en: string, th: string): Choice => ({ value: en, th, en });

/** The countries, states and provinces of the address forms, with Thai labels. The server keeps them as a setting with these defaults. */
export const DEFAULT_ADDRESS_OPTIONS: AddressOptions = {
  defaultCountry: 'Thailand',
  countries: [
    { ...place('Thailand', 'ไทย'), states: ['Bangkok', 'Samut Prakan', 'Samut Sakhon', 'Pathum Thani'] },
    { ...place('Pakistan', 'ปากีสถาน'), states: ['Sindh', 'Punjab', 'Balochistan', 'KPK'] },
    { ...place('Germany', 'เยอรมนี'), states: [] },
    { ...place('Great Britain', 'สหราชอาณาจักร'), states: [] },
    { ...place('Poland', 'โปแลนด์'), states: [] },
    { ...place('United States of America', 'สหรัฐอเมริกา'), states: ['Florida', 'New York', 'Texas'] },
  ],
  states: [
    place('Sindh', 'สินธ์'), place('Punjab', 'ปัญจาบ'), place('Balochistan', 'บาโลจิสถาน'),
    place('KPK', 'ไคเบอร์ปัคตูนควา'), place('Florida', 'ฟลอริดา'), place('New York', 'นิวยอร์ก'),
    place('Texas', 'เท็กซัส'),
  ],
  provinces: [
    {
      ...place('Bangkok', 'กรุงเทพมหานคร'),
      districts: [
        place('Phra Nakhon', 'พระนคร'), place('Bang Rak', 'บางรัก'), place('Pathum Wan', 'ปทุมวัน'),
        place('Sathon', 'สาทร'), place('Khlong Toei', 'คลองเตย'), place('Watthana', 'วัฒนา'),
        place('Huai Khwang', 'ห้วยขวาง'), place('Chatuchak', 'จตุจักร'), place('Lat Phrao', 'ลาดพร้าว'),
        place('Bang Kapi', 'บางกะปิ'),
      ],
    },
    {
      ...place('Samut Prakan', 'สมุทรปราการ'),
      districts: [
        place('Mueang Samut Prakan', 'เมืองสมุทรปราการ'), place('Bang Bo', 'บางบ่อ'), place('Bang Phli', 'บางพลี'),
        place('Phra Pradaeng', 'พระประแดง'), place('Phra Samut Chedi', 'พระสมุทรเจดีย์'),
        place('Bang Sao Thong', 'บางเสาธง'),
      ],
    },
    {
      ...place('Samut Sakhon', 'สมุทรสาคร'),
      districts: [
        place('Mueang Samut Sakhon', 'เมืองสมุทรสาคร'), place('Krathum Baen', 'กระทุ่มแบน'),
        place('Ban Phaeo', 'บ้านแพ้ว'),
      ],
    },
    {
      ...place('Pathum Thani', 'ปทุมธานี'),
      districts: [
        place('Mueang Pathum Thani', 'เมืองปทุมธานี'), place('Khlong Luang', 'คลองหลวง'),
        place('Thanyaburi', 'ธัญบุรี'), place('Nong Suea', 'หนองเสือ'), place('Lat Lum Kaeo', 'ลาดหลุมแก้ว'),
        place('Lam Luk Ka', 'ลำลูกกา'), place('Sam Khok', 'สามโคก'),
      ],
    },
  ],
};

/** The placeholder of the original select boxes: it counts as no choice. */
export const SELECT_ONE = 'Select One';

const isEmpty = (x: unknown) =>
  x === undefined || x === null || (typeof x === 'string' && (x.trim() === '' || x.trim() === SELECT_ONE));

/** A text field: trimmed, 'Select One' and blanks read as ''. */
const textField = (max: number) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.string(), v.number()])), ''),
    v.transform((x) => (isEmpty(x) ? '' : String(x).trim())),
    v.maxLength(max, 'address_too_long' satisfies RuleCode),
  );
const required = (max: number, code: RuleCode) => v.pipe(textField(max), v.minLength(1, code));

const flagField = v.pipe(
  v.optional(v.union([v.literal(0), v.literal(1), v.literal('0'), v.literal('1'), v.boolean()]), 0),
  v.transform((x) => (x === 1 || x === '1' || x === true ? 1 : 0)),
);

/**
 * Fields in the order their rules take precedence (the server answers with the first one). Each rule's message is
 * its code (contracts/errors.ts).
 */
export const addressInputSchema = v.object({
  address_title: textField(140),
  first_name: textField(140),
  last_name: textField(140),
  address_line1: required(240, 'address_line1_required'),
  address_line2: textField(240),
  city: required(140, 'city_required'),
  state: textField(140),
  country: required(140, 'country_required'),
  pincode: v.pipe(
    v.optional(v.nullable(v.union([v.string(), v.number()])), ''),
    v.transform((x) => (isEmpty(x) ? '' : String(x).trim())),
    v.check((s) => /^\d{1,10}$/.test(s) && Number(s) > 0, 'pincode_invalid' satisfies RuleCode),
  ),
  phone: v.pipe(
    textField(40),
    v.transform((s) => s.replace(/[\s-]/g, '')),
    v.check((s) => s === '' || /^\+?\d{9,15}$/.test(s), 'phone_invalid' satisfies RuleCode),
  ),
  is_primary_address: flagField,
  is_shipping_address: flagField,
});

export type AddressInput = v.InferInput<typeof addressInputSchema>;
export type AddressValues = v.InferOutput<typeof addressInputSchema>;

/** Checks country, state/province and district against the lists; returns the first problem or null. */
export function checkAgainstLists(
  a: Pick<AddressValues, 'country' | 'state' | 'city'>,
  options: AddressOptions,
): { field: 'country' | 'state' | 'city'; code: RuleCode } | null {
  const country = options.countries.find((c) => c.value === a.country);
  if (!country) return { field: 'country', code: 'country_not_listed' };
  if (a.state && !country.states.includes(a.state)) return { field: 'state', code: 'state_not_listed' };
  const province = options.provinces.find((p) => p.value === a.state);
  if (province && !province.districts.some((d) => d.value === a.city)) return { field: 'city', code: 'district_not_listed' };
  return null;
}

/** The address form's field each rule belongs to (a server refusal is shown under it). */
export const ADDRESS_RULE_FIELDS: Partial<Record<RuleCode, keyof AddressInput>> = {
  address_line1_required: 'address_line1',
  city_required: 'city',
  district_not_listed: 'city',
  country_required: 'country',
  country_not_listed: 'country',
  state_not_listed: 'state',
  pincode_invalid: 'pincode',
  phone_invalid: 'phone',
};

const flagValue = v.picklist([0, 1]);
const optionalText = v.optional(v.string());

/** An Address as get_addresses answers it (null fields left out, as Frappe serialises documents). */
export const AddressDocSchema = v.looseObject({
  doctype: v.optional(v.literal('Address'), 'Address'),
  name: v.string(),
  address_title: v.optional(v.string(), ''),
  first_name: optionalText,
  last_name: optionalText,
  address_line1: v.string(),
  address_line2: optionalText,
  city: v.string(),
  state: optionalText,
  country: v.string(),
  pincode: v.pipe(v.optional(v.union([v.string(), v.number()]), ''), v.transform(String)),
  phone: optionalText,
  is_primary_address: v.optional(flagValue, 0),
  is_shipping_address: v.optional(flagValue, 0),
  creation: v.optional(v.string(), ''),
  modified: v.optional(v.string(), ''),
});
export type AddressDoc = v.InferOutput<typeof AddressDocSchema>;

/**
 * Address over /api/resource: the member's own, read-only (add_address, update_address and delete_address write
 * them).
 */
export const ADDRESS = doctypeContract('Address', AddressDocSchema, [
  'name', 'address_title', 'first_name', 'last_name', 'address_line1', 'address_line2', 'city', 'state',
  'country', 'pincode', 'phone', 'is_primary_address', 'is_shipping_address', 'creation', 'modified',
]);

const choice = { value: v.string(), th: v.string(), en: v.string() };
export const AddressOptionsSchema = v.object({
  countries: v.array(v.object({ ...choice, states: v.array(v.string()) })),
  states: v.array(v.object(choice)),
  provinces: v.array(v.object({ ...choice, districts: v.array(v.object(choice)) })),
  defaultCountry: v.string(),
});

const nameArg = v.pipe(v.string('Address name is required'), v.trim(), v.minLength(1, 'Address name is required'), v.maxLength(140));

/** The member's own addresses, primary first, as Frappe Address documents (nulls left out). */
export const GET_ADDRESSES = methodContract('headless_e_commerce.api.get_addresses', noArgs, v.array(AddressDocSchema));

/**
 * 417 'Address line 1 is required', 'City is required', 'Country is required', 'Pincode must be a number' (the first
 * failing field; 'Select One' counts as empty), then the lists: 'Select a country from the list', 'Select a province or
 * state of the chosen country', 'Select a district of the chosen province'. Flags are 0/1; setting one clears it on the
 * member's other addresses in the same transaction.
 */
export const ADD_ADDRESS = methodContract('headless_e_commerce.api.add_address', addressInputSchema, AddressDocSchema);

/** Ours: the same rules as add_address; another member's address or a missing name is a 404 (the same answer). */
export const UPDATE_ADDRESS = methodContract(
  'headless_e_commerce.api.update_address',
  v.object({ name: nameArg, ...addressInputSchema.entries }),
  AddressDocSchema,
);

/** Ours: deletes an address of the member's own (404 otherwise). */
export const DELETE_ADDRESS = methodContract('headless_e_commerce.api.delete_address', v.object({ name: nameArg }), v.object({ name: v.string() }));

/**
 * The lists the form offers and the server checks against (setting `address_options`): countries with their states,
 * states, provinces with their districts, in Thai and English.
 */
export const GET_ADDRESS_OPTIONS = methodContract('member_rewards.api.get_address_options', noArgs, AddressOptionsSchema);
