import { TitledText } from '@/components/titled-text';
import { Alert, Badge, Box, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AddressText } from '@/components/address-text';
import { PageSkeleton } from '@/components/page-skeleton';
import { OfflineState } from '@/components/offline-state';
import { RejectedWrite, SyncBadge } from '@/components/sync-status';
import { codeText, errorText } from '@/lib/error-text';
import { isFrappeClientError } from '@/lib/frappe';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useOnline } from '@/lib/online';
import { useOutbox, type OutboxEntry } from '@/lib/outbox';
import { useT } from '@/lib/i18n';
import { receiverOf } from '@/lib/address-format';
import { addressesQuery, addressOptionsQuery, mergeOutbox, useAddressWrite, type AddressDoc, type ShownAddress } from '@/entities/addresses';
import classes from './addresses.module.css';
import '../styles';

const receiver = receiverOf;

/** The member's saved addresses with Billing / Shipping badges, the primary one marked, edit and delete. */
const isAddressWrite = (e: OutboxEntry) => e.kind.startsWith('address.');

export function AddressList() {
  const t = useT();
  const list = useQuery(addressesQuery());
  const { data: options } = useQuery(addressOptionsQuery());
  const write = useAddressWrite();
  const [toDelete, setToDelete] = useState<AddressDoc | null>(null);
  const [deleteKey, setDeleteKey] = useState('');
  const outbox = useOutbox(isAddressWrite);
  const online = useOnline();
  const navigate = useNavigate();

  // The saved list could not be read (never cached here and offline, or the server failed): the changes made on
  // this device still show, with their sync state; without any there is nothing to show yet.
  const unavailable = list.data === undefined && (list.isError || !online);
  if (list.data === undefined && !(unavailable && outbox.length > 0)) {
    return list.isError ? <OfflineState onRetry={() => void list.refetch()} /> : <PageSkeleton rows={3} withCard={false} />;
  }
  // Server addresses with the outbox's changes on top: waiting ones shown at once, then 'saved'.
  const { shown: addresses, rejected } = mergeOutbox(list.data ?? [], outbox, list.dataUpdatedAt);

  const rejectedMessage = (entry: OutboxEntry) => codeText(entry.code, t) ?? t('errors.generic');
  // A refused add or edit opens its form with the refused values; a refused delete can only be discarded.
  const fix = (entry: OutboxEntry) =>
    entry.kind === 'address.add'
      ? void navigate({ to: '/shipping-address/add', search: { fix: entry.id } })
      : void navigate({ to: '/shipping-address/edit', search: { name: entry.target ?? '', fix: entry.id } });
  const askDelete = (a: ShownAddress) => {
    setDeleteKey(newIdempotencyKey());
    setToDelete(a);
  };
  const confirmDelete = () => {
    if (!toDelete) return;
    write.mutate({ kind: 'delete', name: toDelete.name, idempotencyKey: deleteKey }, { onSuccess: () => setToDelete(null) });
  };

  return (
    <Stack gap="md" p="md" pb={96}>
      {rejected.map((entry) => (
        <RejectedWrite
          key={entry.id}
          entry={entry}
          message={rejectedMessage(entry)}
          onFix={entry.kind === 'address.delete' ? undefined : fix}
        />
      ))}
      {unavailable && (
        <Text size="sm" c="dimmed" role="status" data-testid="addresses-partial">
          {t('addresses.onlyThisDevice')}
        </Text>
      )}
      {addresses.length === 0 && unavailable ? null : addresses.length === 0 ? (
        <Paper className={classes.empty} radius="lg" p="xl">
          <TitledText title={t('addresses.emptyTitle')} text={t('addresses.emptyText')} />
        </Paper>
      ) : (
        <ul className={classes.list} aria-label={t('addresses.listTitle')}>
          {addresses.map((a) => (
            <li key={a.name} data-sync={a.sync ?? undefined}>
              <Paper
                className={classes.card}
                radius="lg"
                p="md"
                withBorder
                data-primary={a.is_primary_address === 1 || undefined}
                style={a.deleting ? { opacity: 0.55 } : undefined}
              >
                {a.sync && (
                  <Group justify="flex-end" mb={4}>
                    <SyncBadge state={a.sync} />
                  </Group>
                )}
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Text fw={700} className={classes.name}>
                    {receiver(a)}
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    {a.is_primary_address === 1 && (
                      <Badge color="brand" variant="filled" radius="sm">
                        {t('addresses.badgeBilling')}
                      </Badge>
                    )}
                    {a.is_shipping_address === 1 && (
                      <Badge color="teal.9" variant="outline" radius="sm">
                        {t('addresses.badgeShipping')}
                      </Badge>
                    )}
                  </Group>
                </Group>
                {a.is_primary_address === 1 && (
                  <Text size="xs" c="brand.8" fw={600} mt={2}>
                    ★ {t('addresses.primary')}
                  </Text>
                )}
                <Box mt={6}>
                  <AddressText address={a} options={options} withReceiver={false} />
                </Box>
                {!a.local && !a.deleting && (<Group gap="xs" mt="sm" justify="flex-end">
                  <Button
                    renderRoot={(props) => <Link {...props} to="/shipping-address/edit" search={{ name: a.name }} />}
                    variant="default"
                    size="sm"
                    radius="xl"
                    aria-label={t('addresses.editAria', { name: receiver(a) })}
                  >
                    {t('addresses.editButton')}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="sm"
                    radius="xl"
                    onClick={() => askDelete(a)}
                    aria-label={t('addresses.deleteAria', { name: receiver(a) })}
                  >
                    {t('addresses.deleteButton')}
                  </Button>
                </Group>)}
              </Paper>
            </li>
          ))}
        </ul>
      )}
      <div className={classes.footer} data-bottom-bar>
        <Button component={Link} to="/shipping-address/add" size="md" radius="xl" fullWidth>
          + {t('addresses.addButton')}
        </Button>
      </div>
      <Modal
        opened={toDelete !== null}
        onClose={() => !write.isPending && setToDelete(null)}
        centered
        radius="lg"
        title={t('addresses.deleteTitle')}
      >
        <Stack gap="md">
          <Text size="sm">{toDelete && t('addresses.deleteText', { name: receiver(toDelete) })}</Text>
          {write.isError && (
            <Alert color="red" variant="light" role="alert">
              {isFrappeClientError(write.error) && write.error.httpStatus === 404 ? t('addresses.errNotFound') : errorText(write.error, t)}
            </Alert>
          )}
          <Group grow>
            <Button variant="default" radius="xl" onClick={() => setToDelete(null)} disabled={write.isPending}>
              {t('common.cancel')}
            </Button>
            <Button color="red.9" radius="xl" onClick={confirmDelete} loading={write.isPending}>
              {t('addresses.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
