import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { AddressForm, type ServerFieldError } from '@/components/address-form';
import { addressRefusal } from '@/lib/address-messages';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useT } from '@/lib/i18n';
import { discardEntry, type OutboxEntry } from '@/lib/outbox';
import { addressFromArgs, useAddressWrite, type AddressDoc, type AddressInput, type AddressOptions } from '@/entities/addresses';

export interface AddressEditorProps {
  /** The address being edited; a new one when absent. */
  address?: AddressDoc;
  options: AddressOptions;
  /**
   * A queued add or edit the server refused: the form starts from its values with the server's message under
   * its field; saving sends the corrected change and drops the refused one.
   */
  fixing?: OutboxEntry;
}

/** The add / edit form wired to the write path, with the success dialog that leads back to the list. */
export function AddressEditor({ address, options, fixing }: AddressEditorProps) {
  const t = useT();
  const write = useAddressWrite();
  const [serverError, setServerError] = useState<ServerFieldError | null>(() => (fixing ? addressRefusal(fixing, t) : null));
  const [saved, setSaved] = useState<false | 'saved' | 'queued'>(false);
  const [formKey, setFormKey] = useState(0);
  // One key per intended change: a retry of the same values sends it again; new values get a new key.
  const pending = useRef<{ body: string; key: string } | null>(null);

  const submit = (input: AddressInput) => {
    setServerError(null);
    const body = JSON.stringify(input);
    if (pending.current?.body !== body) pending.current = { body, key: newIdempotencyKey() };
    const mutation = address
      ? { kind: 'update' as const, name: address.name, values: input, idempotencyKey: pending.current.key }
      : { kind: 'add' as const, values: input, idempotencyKey: pending.current.key };
    write.mutate(mutation, {
      onSuccess: (sent) => {
        pending.current = null;
        if (fixing) void discardEntry(fixing.id);
        // Offline (or no answer): it waits in the outbox and the list shows it 'waiting to sync'.
        setSaved(sent.queued ? 'queued' : 'saved');
        if (!address && !fixing) setFormKey((k) => k + 1); // the add form starts empty again
      },
      onError: (error) => setServerError(addressRefusal(error, t)),
    });
  };

  return (
    <>
      <AddressForm key={formKey} address={fixing ? addressFromArgs(fixing, address) : address} options={options} submitting={write.isPending} serverError={serverError} onSubmit={submit} />
      <Modal
        opened={saved !== false}
        onClose={() => setSaved(false)}
        centered
        withCloseButton={false}
        radius="lg"
        title={saved === 'queued' ? t('offline.stateWaiting') : t('addresses.successTitle')}
      >
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden="true">
            <svg width={30} height={30} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round">
              <path d="M5 12l5 5L20 7" />
            </svg>
          </ThemeIcon>
          <Text>{saved === 'queued' ? t('offline.waitingHint') : t('addresses.successText')}</Text>
          <Button component={Link} to="/shipping-address" fullWidth radius="xl">
            {t('addresses.backToList')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
