import { useRef, useState } from 'react';
import { AddressForm, type ServerFieldError } from '@/components/address-form';
import { addressRefusal } from '@/lib/address-messages';
import { useT } from '@/lib/i18n';
import { DEFAULT_ADDRESS_OPTIONS, type AddressInput } from '../../../../contracts/addresses';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useAddAddress, type Address } from '../api';

/** The checkout's new delivery address: the one address form (a shipping address to start with), saved, then chosen. */
export function AddressEntry({ onSaved }: { onSaved: (address: Address) => void }) {
  const t = useT();
  const [serverError, setServerError] = useState<ServerFieldError | null>(null);
  const [formKey, setFormKey] = useState(0);
  const add = useAddAddress();
  // One key per intended address: sending the same values again (after a lost answer) cannot add it twice.
  const pending = useRef<{ body: string; key: string } | null>(null);

  const submit = (input: AddressInput) => {
    setServerError(null);
    const body = JSON.stringify(input);
    if (pending.current?.body !== body) pending.current = { body, key: newIdempotencyKey() };
    add.mutate(
      { input, key: pending.current.key },
      {
        onSuccess: (address) => {
          pending.current = null;
          setFormKey((k) => k + 1);
          onSaved(address);
        },
        onError: (error) => setServerError(addressRefusal(error, t)),
      },
    );
  };

  return (
    <div data-testid="address-entry">
      <AddressForm
        key={formKey}
        address={{ is_shipping_address: 1 }}
        options={DEFAULT_ADDRESS_OPTIONS}
        submitting={add.isPending}
        serverError={serverError}
        onSubmit={submit}
      />
    </div>
  );
}
