import { DEFAULT_ADDRESS_OPTIONS, type AddressOptions } from '../../contracts/addresses';
import type { Lang } from './i18n';

/** The parts of an address a member sees (a saved address, an order's shipping address, a form's values). */
export interface AddressParts {
  first_name?: string | null;
  last_name?: string | null;
  address_title?: string | null;
  address_line1?: string | null;
  address_line2?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  pincode?: string | number | null;
  phone?: string | null;
}

export interface FormattedAddress {
  /** The receiver's name (the address title when there is none). */
  receiver: string;
  /** Street lines, then district, province, country (when not the programme's own) and postal code. */
  lines: string[];
  phone: string;
}

/** A value of the address lists in the member's language (the stored value when it is not in the lists). */
export function labelOf(options: AddressOptions, kind: 'province' | 'district' | 'country', value: string | null | undefined, lang: Lang): string {
  if (!value || value === 'Select One') return '';
  if (kind === 'country') return options.countries.find((c) => c.value === value)?.[lang] ?? value;
  if (kind === 'province') {
    return (options.provinces.find((p) => p.value === value) ?? options.states.find((s) => s.value === value))?.[lang] ?? value;
  }
  for (const p of options.provinces) {
    const d = p.districts.find((x) => x.value === value);
    if (d) return d[lang];
  }
  return value;
}

const joined = (parts: Array<string | number | null | undefined>) =>
  parts
    .map((p) => (p === null || p === undefined ? '' : String(p).trim()))
    .filter(Boolean)
    .join(' ');

/** The receiver's name, or the address title when there is none. */
export const receiverOf = (a: AddressParts) => joined([a.first_name, a.last_name]) || (a.address_title ?? '').trim();

/** One way of writing an address everywhere (address list, checkout, order details), in the member's language. */
export function formatAddress(a: AddressParts, lang: Lang, options: AddressOptions = DEFAULT_ADDRESS_OPTIONS): FormattedAddress {
  const country = a.country && a.country !== options.defaultCountry ? labelOf(options, 'country', a.country, lang) : '';
  return {
    receiver: receiverOf(a),
    lines: [
      joined([a.address_line1, a.address_line2]),
      joined([labelOf(options, 'district', a.city, lang), labelOf(options, 'province', a.state, lang), country, a.pincode]),
    ].filter(Boolean),
    phone: (a.phone ?? '').trim(),
  };
}
