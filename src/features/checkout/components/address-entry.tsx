import { Alert } from '@mantine/core';
import { useRef, useState } from 'react';
import { AddressForm, type ServerFieldError } from '@/components/address-form';
import { useAddressWrite, type AddressDoc } from '@/entities/addresses';
import { addressRefusal } from '@/lib/address-messages';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useT } from '@/lib/i18n';
import { DEFAULT_ADDRESS_OPTIONS, type AddressInput } from '../../../../contracts/addresses';

/**
 * The checkout's new delivery address: the one address form (a shipping address to start with), written like every
 * other address (through the offline outbox), then chosen. One that cannot be sent now waits in the outbox and
 * shows up in the list to choose from once it is saved.
 */
export function AddressEntry({ onSaved }: { onSaved: (address: AddressDoc) => void }) {
  const t = useT();
  const [serverError, setServerError] = useState<ServerFieldError | null>(null);
  const [queued, setQueued] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const write = useAddressWrite();
  // One key per intended address: sending the same values again (after a lost answer) cannot add it twice.
  const pending = useRef<{ body: string; key: string } | null>(null);

  const submit = (input: AddressInput) => {
    setServerError(null);
    setQueued(false);
    const body = JSON.stringify(input);
    if (pending.current?.body !== body) pending.current = { body, key: newIdempotencyKey() };
    write.mutate(
      { kind: 'add', values: input, idempotencyKey: pending.current.key },
      {
        onSuccess: (sent) => {
          pending.current = null;
          setFormKey((k) => k + 1);
          if (sent.address) onSaved(sent.address);
          else setQueued(true);
        },
        onError: (error) => setServerError(addressRefusal(error, t)),
      },
    );
  };

  return (
    <div data-testid="address-entry">
      {queued && (
        <Alert color="yellow" radius="md" mb="sm" title={t('offline.stateWaiting')} data-testid="address-entry-queued">
          {t('offline.waitingHint')}
        </Alert>
      )}
      <AddressForm
        key={formKey}
        address={{ is_shipping_address: 1 }}
        options={DEFAULT_ADDRESS_OPTIONS}
        submitting={write.isPending}
        serverError={serverError}
        onSubmit={submit}
      />
    </div>
  );
}
