import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addressInputSchema, checkAgainstLists, DEFAULT_ADDRESS_OPTIONS } from '../../../../contracts/addresses';
import { RULE_SENTENCES } from '../../../../contracts/rule-sentences';
import type { RuleCode } from '../../../../contracts/errors';
import { fieldFor } from '@/features/addresses/api';
import { codeText } from '@/lib/error-text';
import { translate, type Translate } from '@/lib/i18n';

const english: Translate = (key, vars) => translate('en', key, vars);

const messages = (input: Record<string, unknown>) => {
  const r = v.safeParse(addressInputSchema, input);
  // A rule's message is its code; the server answers with the code's sentence.
  return r.success ? [] : r.issues.map((i) => RULE_SENTENCES[i.message as RuleCode]);
};

describe('address rules shared by the form and the server', () => {
  it('gives every rule message, with Select One as empty', () => {
    expect(messages({ address_line1: '', city: 'Select One', country: 'Select One', pincode: 'x1' })).toEqual([
      'Address line 1 is required',
      'City is required',
      'Country is required',
      'Pincode must be a number',
    ]);
  });

  it('checks country, province and district against the address lists', () => {
    const ok = { country: 'Thailand', state: 'Bangkok', city: 'Bang Rak' };
    expect(checkAgainstLists(ok, DEFAULT_ADDRESS_OPTIONS)).toBeNull();
    expect(checkAgainstLists({ ...ok, city: 'Khlong Luang' }, DEFAULT_ADDRESS_OPTIONS)?.field).toBe('city');
    expect(checkAgainstLists({ ...ok, state: 'Texas' }, DEFAULT_ADDRESS_OPTIONS)?.field).toBe('state');
    expect(checkAgainstLists({ country: 'United States of America', state: 'Texas', city: 'Austin' }, DEFAULT_ADDRESS_OPTIONS)).toBeNull();
  });

  it("shows 'Address line 1 is required' as 'Please provide a street name' and maps the server's codes to fields", () => {
    expect(codeText('address_line1_required', english)).toBe('Please provide a street name');
    expect(codeText('city_required', english)).toBe('City is required');
    expect(codeText('country_required', english)).toBe('Country is required');
    expect(codeText('pincode_invalid', english)).toBe('Pincode must be a number');
    expect(fieldFor('pincode_invalid')).toBe('pincode');
    expect(fieldFor('district_not_listed')).toBe('city');
    // The sentences themselves are never recognised.
    expect(codeText('Address line 1 is required', english)).toBeUndefined();
  });
});
