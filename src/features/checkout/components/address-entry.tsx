import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { ADDRESS_MESSAGES, addressInputSchema, checkAgainstLists, DEFAULT_ADDRESS_OPTIONS } from '../../../../contracts/addresses';
import { useLang, useT, type MessageKey } from '@/lib/i18n';
import { newKey, useAddAddress, type Address } from '../api';
import '@mantine/core/styles/Input.css';

interface Values {
  first_name: string;
  last_name: string;
  address_line1: string;
  address_line2: string;
  state: string;
  city: string;
  pincode: string;
  phone: string;
}

const EMPTY: Values = { first_name: '', last_name: '', address_line1: '', address_line2: '', state: '', city: '', pincode: '', phone: '' };

/** Server / schema messages → this form's wording (spec: 'Address line 1 is required' reads 'Please provide a street name'). */
const MESSAGE_KEYS: Record<string, { field: keyof Values; key: MessageKey }> = {
  [ADDRESS_MESSAGES.addressLine1]: { field: 'address_line1', key: 'checkout.errStreet' },
  [ADDRESS_MESSAGES.city]: { field: 'city', key: 'checkout.errCity' },
  [ADDRESS_MESSAGES.cityList]: { field: 'city', key: 'checkout.errList' },
  [ADDRESS_MESSAGES.stateList]: { field: 'state', key: 'checkout.errList' },
  [ADDRESS_MESSAGES.pincode]: { field: 'pincode', key: 'checkout.errPincode' },
  [ADDRESS_MESSAGES.phone]: { field: 'phone', key: 'checkout.errPhone' },
};

/** The checkout's delivery address entry: a new Thai address, saved with add_address, then chosen. */
export function AddressEntry({ onSaved }: { onSaved: (address: Address) => void }) {
  const t = useT();
  const [lang] = useLang();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const add = useAddAddress();
  const pending = useRef<{ body: string; key: string } | null>(null);
  const options = DEFAULT_ADDRESS_OPTIONS;
  const province = options.provinces.find((p) => p.value === values.state);

  const set = (field: keyof Values) => (value: string) => {
    setValues((old) => ({ ...old, [field]: value, ...(field === 'state' ? { city: '' } : {}) }));
    setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const submit = () => {
    setServerError(null);
    const input = { ...values, country: options.defaultCountry, is_primary_address: 0 as const, is_shipping_address: 1 as const };
    const parsed = v.safeParse(addressInputSchema, input);
    const problem = parsed.success ? checkAgainstLists(parsed.output, options) : null;
    const messages = parsed.success ? (problem ? [problem.message] : []) : parsed.issues.map((i) => i.message);
    if (messages.length > 0) {
      const next: Partial<Record<keyof Values, string>> = {};
      for (const m of messages) {
        const known = MESSAGE_KEYS[m];
        if (known && !next[known.field]) next[known.field] = t(known.key);
      }
      if (!values.state) next.state = t('checkout.errList');
      setErrors(next);
      return;
    }
    const body = JSON.stringify(input);
    if (pending.current?.body !== body) pending.current = { body, key: newKey() };
    add.mutate(
      { input, key: pending.current.key },
      {
        onSuccess: (address) => {
          pending.current = null;
          setValues(EMPTY);
          onSaved(address);
        },
        onError: (error) => {
          const known = MESSAGE_KEYS[error.message];
          if (known) setErrors({ [known.field]: t(known.key) });
          else setServerError(error.message);
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="address-entry"
    >
    <Stack gap="sm">
      <Group grow gap="sm">
        <TextInput label={t('checkout.receiverFirstName')} value={values.first_name} onChange={(e) => set('first_name')(e.currentTarget.value)} autoComplete="given-name" />
        <TextInput label={t('checkout.receiverLastName')} value={values.last_name} onChange={(e) => set('last_name')(e.currentTarget.value)} autoComplete="family-name" />
      </Group>
      <TextInput
        label={t('checkout.addressLine')}
        value={values.address_line1}
        onChange={(e) => set('address_line1')(e.currentTarget.value)}
        error={errors.address_line1}
        autoComplete="address-line1"
        withAsterisk
      />
      <TextInput label={t('checkout.addressLine2')} value={values.address_line2} onChange={(e) => set('address_line2')(e.currentTarget.value)} autoComplete="address-line2" />
      <NativeSelect
        label={t('checkout.province')}
        value={values.state}
        onChange={(e) => set('state')(e.currentTarget.value)}
        error={errors.state}
        withAsterisk
        data={[{ value: '', label: '—' }, ...options.provinces.map((p) => ({ value: p.value, label: lang === 'th' ? p.th : p.en }))]}
      />
      <NativeSelect
        label={t('checkout.district')}
        value={values.city}
        onChange={(e) => set('city')(e.currentTarget.value)}
        error={errors.city}
        withAsterisk
        disabled={!province}
        data={[{ value: '', label: '—' }, ...(province?.districts ?? []).map((d) => ({ value: d.value, label: lang === 'th' ? d.th : d.en }))]}
      />
      <Group grow gap="sm" align="start">
        <TextInput
          label={t('checkout.postalCode')}
          value={values.pincode}
          onChange={(e) => set('pincode')(e.currentTarget.value.replace(/\D/g, ''))}
          error={errors.pincode}
          inputMode="numeric"
          autoComplete="postal-code"
          withAsterisk
        />
        <TextInput
          label={t('checkout.phone')}
          value={values.phone}
          onChange={(e) => set('phone')(e.currentTarget.value)}
          error={errors.phone}
          inputMode="tel"
          autoComplete="tel"
        />
      </Group>
      {serverError && (
        <Text c="red.9" size="sm" role="alert">
          {serverError}
        </Text>
      )}
      <Button type="submit" radius="xl" loading={add.isPending} data-testid="save-address">
        {t('checkout.saveAddress')}
      </Button>
    </Stack>
    </form>
  );
}
