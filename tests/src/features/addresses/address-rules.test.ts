import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addressInputSchema, checkAgainstLists, DEFAULT_ADDRESS_OPTIONS } from '../../../../contracts/addresses';
import { fieldFor, messageKeyFor } from '@/features/addresses/api';
import { translate } from '@/lib/i18n';

const messages = (input: Record<string, unknown>) => {
  const r = v.safeParse(addressInputSchema, input);
  return r.success ? [] : r.issues.map((i) => i.message);
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

  it('checks country, province and district against the §9 lists', () => {
    const ok = { country: 'Thailand', state: 'Bangkok', city: 'Bang Rak' };
    expect(checkAgainstLists(ok, DEFAULT_ADDRESS_OPTIONS)).toBeNull();
    expect(checkAgainstLists({ ...ok, city: 'Khlong Luang' }, DEFAULT_ADDRESS_OPTIONS)?.field).toBe('city');
    expect(checkAgainstLists({ ...ok, state: 'Texas' }, DEFAULT_ADDRESS_OPTIONS)?.field).toBe('state');
    expect(checkAgainstLists({ country: 'United States of America', state: 'Texas', city: 'Austin' }, DEFAULT_ADDRESS_OPTIONS)).toBeNull();
  });

  it("shows 'Address line 1 is required' as 'Please provide a street name' and maps server messages to fields", () => {
    expect(translate('en', messageKeyFor('Address line 1 is required')!)).toBe('Please provide a street name');
    expect(translate('en', messageKeyFor('City is required')!)).toBe('City is required');
    expect(translate('en', messageKeyFor('Country is required')!)).toBe('Country is required');
    expect(translate('en', messageKeyFor('Pincode must be a number')!)).toBe('Pincode must be a number');
    expect(fieldFor('Pincode must be a number')).toBe('pincode');
    expect(fieldFor('Select a district of the chosen province')).toBe('city');
  });
});
