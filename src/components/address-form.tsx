import { Alert, Button, Checkbox, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as v from 'valibot';
import { useEffect, useMemo } from 'react';
import { codeText } from '@/lib/error-text';
import { useLang, useT } from '@/lib/i18n';
import { addressInputSchema, checkAgainstLists, type AddressDoc, type AddressInput, type AddressOptions } from '../../contracts/addresses';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Alert.css';

export interface AddressFormValues {
  first_name: string;
  last_name: string;
  address_line1: string;
  address_line2: string;
  state: string;
  city: string;
  pincode: string;
  phone: string;
  country: string;
  is_primary_address: boolean;
  is_shipping_address: boolean;
}

export function initialValues(address: Partial<AddressDoc> | undefined, options: AddressOptions): AddressFormValues {
  return {
    first_name: address?.first_name ?? '',
    last_name: address?.last_name ?? '',
    address_line1: address?.address_line1 ?? '',
    address_line2: address?.address_line2 ?? '',
    state: address?.state ?? '',
    city: address?.city ?? '',
    pincode: address?.pincode ?? '',
    phone: address?.phone ?? '',
    country: address?.country ?? options.defaultCountry,
    is_primary_address: address?.is_primary_address === 1,
    is_shipping_address: address?.is_shipping_address === 1,
  };
}

export function toInput(values: AddressFormValues): AddressInput {
  return {
    ...values,
    address_title: `${values.first_name} ${values.last_name}`.trim(),
    is_primary_address: values.is_primary_address ? 1 : 0,
    is_shipping_address: values.is_shipping_address ? 1 : 0,
  };
}

export interface ServerFieldError {
  /** The field it belongs to (a key of the form's values), when known. */
  field?: string;
  message: string;
}

export interface AddressFormProps {
  /** The address being edited, or the starting values of a new one. */
  address?: Partial<AddressDoc>;
  options: AddressOptions;
  submitting: boolean;
  /** The server's refusal: shown under its field when known, else above the button. */
  serverError?: ServerFieldError | null;
  onSubmit: (input: AddressInput) => void;
}

/**
 * The one address form (the address screens and the checkout): receiver name and surname, address, country,
 * province → district (or state and city abroad), postal code, phone, the primary and shipping flags. Checked with
 * the same rules as the server on submit; every failing field shows its message at once.
 */
export function AddressForm({ address, options, submitting, serverError, onSubmit }: AddressFormProps) {
  const t = useT();
  const [lang] = useLang();

  const form = useForm<AddressFormValues>({
    initialValues: initialValues(address, options),
    validate: (values) => {
      const errors: Record<string, string> = {};
      // A rule's message is its code.
      const msg = (code: string) => codeText(code, t) ?? t('errors.generic');
      if (!values.first_name.trim()) errors.first_name = t('addresses.errFirstName');
      if (!values.last_name.trim()) errors.last_name = t('addresses.errLastName');
      const parsed = v.safeParse(addressInputSchema, toInput(values));
      if (!parsed.success) {
        for (const issue of parsed.issues) {
          const key = issue.path?.[0]?.key;
          if (typeof key === 'string' && !errors[key]) errors[key] = msg(issue.message);
        }
      } else {
        const problem = checkAgainstLists(parsed.output, options);
        if (problem) errors[problem.field] = msg(problem.code);
      }
      return errors;
    },
  });

  useEffect(() => {
    if (serverError?.field) form.setFieldError(serverError.field, serverError.message);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverError]);

  const countries = useMemo(
    () => [{ value: '', label: t('addresses.selectOne') }, ...options.countries.map((c) => ({ value: c.value, label: c[lang] }))],
    [options, lang, t],
  );
  const country = options.countries.find((c) => c.value === form.values.country);
  // Thailand (and no choice yet) uses the province → district lists; other countries a state list and a city box.
  const thai = !country || country.value === options.defaultCountry;
  const provinces = [
    { value: '', label: t('addresses.selectOne') },
    ...options.provinces.map((p) => ({ value: p.value, label: p[lang] })),
  ];
  const states = [
    { value: '', label: t('addresses.selectOne') },
    ...options.states.filter((s) => country?.states.includes(s.value)).map((s) => ({ value: s.value, label: s[lang] })),
  ];
  const province = options.provinces.find((p) => p.value === form.values.state);
  const districts = [
    { value: '', label: province ? t('addresses.selectOne') : t('addresses.selectProvinceFirst') },
    ...(province?.districts.map((d) => ({ value: d.value, label: d[lang] })) ?? []),
  ];
  const resetPlace = (field: 'country' | 'state', value: string) => {
    form.setFieldValue(field, value);
    if (field === 'country') form.setFieldValue('state', '');
    form.setFieldValue('city', '');
    form.clearFieldError(field);
  };

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toInput(values)))} noValidate>
      <Stack gap="sm">
        <TextInput label={t('addresses.firstName')} autoComplete="given-name" withAsterisk {...form.getInputProps('first_name')} />
        <TextInput label={t('addresses.lastName')} autoComplete="family-name" withAsterisk {...form.getInputProps('last_name')} />
        <TextInput
          label={t('addresses.addressLine1')}
          placeholder={t('addresses.addressLine1Placeholder')}
          autoComplete="address-line1"
          withAsterisk
          {...form.getInputProps('address_line1')}
        />
        <TextInput label={t('addresses.addressLine2')} autoComplete="address-line2" {...form.getInputProps('address_line2')} />
        <NativeSelect
          label={t('addresses.country')}
          data={countries}
          withAsterisk
          autoComplete="country-name"
          {...form.getInputProps('country')}
          onChange={(e) => resetPlace('country', e.currentTarget.value)}
        />
        {thai ? (
          <>
            <NativeSelect
              label={t('addresses.province')}
              data={provinces}
              withAsterisk
              {...form.getInputProps('state')}
              onChange={(e) => resetPlace('state', e.currentTarget.value)}
            />
            <NativeSelect
              label={t('addresses.district')}
              data={districts}
              withAsterisk
              disabled={!province}
              {...form.getInputProps('city')}
            />
          </>
        ) : (
          <>
            {states.length > 1 && (
              <NativeSelect label={t('addresses.state')} data={states} {...form.getInputProps('state')} />
            )}
            <TextInput label={t('addresses.city')} autoComplete="address-level2" withAsterisk {...form.getInputProps('city')} />
          </>
        )}
        <TextInput
          label={t('addresses.pincode')}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          withAsterisk
          {...form.getInputProps('pincode')}
        />
        <TextInput label={t('addresses.phone')} type="tel" inputMode="tel" autoComplete="tel" {...form.getInputProps('phone')} />
        <Checkbox mt={4} label={t('addresses.isPrimary')} {...form.getInputProps('is_primary_address', { type: 'checkbox' })} />
        <Checkbox label={t('addresses.isShipping')} {...form.getInputProps('is_shipping_address', { type: 'checkbox' })} />
        {serverError && !serverError.field && (
          <Alert color="red" role="alert" variant="light">
            {serverError.message}
          </Alert>
        )}
        <Button type="submit" size="md" radius="xl" mt="sm" loading={submitting} fullWidth data-testid="save-address">
          {t('addresses.save')}
        </Button>
      </Stack>
    </form>
  );
}
