import { Button, Group, Modal, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SpendOffline, SpendProgress, SpendRefused, spendDialogOpen } from '@/components/spend-progress';
import { errorText } from '@/lib/error-text';
import { isFrappeClientError } from '@/lib/frappe';
import { useT } from '@/lib/i18n';
import { useWhenSpent } from '@/lib/spend';
import { branchesQuery } from '@/entities/branches';
import { itemQuery } from '@/entities/items';
import type { PlacedOrder, RedemptionPayload } from '@/entities/orders';
import { usePlaceOrder } from '@/entities/orders/place-order';
import classes from './gift.module.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import { imageUrl } from '@/lib/file-url';

export interface GiftCheckoutProps {
  itemCode: string;
  /** The member's balance; null while unknown. */
  memberPoints: number | null;
  /** Redeemed; null when the server confirmed it but no longer had its answer. */
  onRedeemed: (order: PlacedOrder | null) => void;
}


/**
 * /{itemCode}/gift-checkout: summary, branch, 'redeem using N points' (disabled and grey when short, with no branch
 * or offline), the confirmation dialog, then 'system is redeeming, please wait' that cannot be dismissed while the
 * request is out (a bounded time: src/lib/spend.ts); a lost answer ends with what the server says became of it.
 */
export function GiftCheckout({ itemCode, memberPoints, onRedeemed }: GiftCheckoutProps) {
  const t = useT();
  const item = useQuery(itemQuery(itemCode));
  const branches = useQuery(branchesQuery());
  const redeem = usePlaceOrder('redeem');
  const [branch, setBranch] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { phase, online, busy, send, check, reset } = redeem;
  useWhenSpent(phase, onRedeemed);

  if (item.isError) {
    const missing = isFrappeClientError(item.error) && item.error.httpStatus === 404;
    return (
      <Text c="dimmed" ta="center" p="xl" role="alert">
        {missing ? t('errors.itemNotFound') : errorText(item.error, t)}
      </Text>
    );
  }
  const data = item.data;
  const qty = 1;
  const price = (data?.loyalty_points_based_price ?? 0) * qty;
  const short = memberPoints !== null && price > memberPoints;
  const disabled = !data || memberPoints === null || short || !branch || price <= 0 || !online;
  const sending = phase.state === 'sending';
  // The server's refusal, in the member's language, naming what this screen knows.
  const error =
    phase.state === 'refused'
      ? errorText(phase.error, t, {
          branch_not_found: t('checkout.errBranchGone', { branch }),
          out_of_stock: t('checkout.errOutOfStock', { item: data?.item_name ?? '' }),
          item_not_available: t('checkout.errNotAvailable', { item: data?.item_name ?? '' }),
        })
      : null;

  const confirm = () => {
    if (!data || !online) return;
    setConfirming(false);
    const payload: RedemptionPayload = { loyalty_points: price, items: [{ item_code: data.item_code, qty }], payment_method: 'bank-transfer', branch };
    void send(payload);
  };
  const closeDialog = () => {
    if (sending) return;
    setConfirming(false);
    if (spendDialogOpen(phase)) reset();
  };
  const dialogOpen = confirming || spendDialogOpen(phase);

  return (
    <Stack gap="md" p="md">
      <Paper withBorder radius="lg" p="sm">
        <Group wrap="nowrap" gap="md">
          <div className={classes.thumb}>{data?.website_image ? <img src={imageUrl(data.website_image)} alt="" width={72} height={72} /> : null}</div>
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700} data-testid="gift-name">
              {data?.item_name ?? '…'}
            </Text>
            <Text c="brand.7" fw={700}>
              {t('common.pointsCount', { count: price })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('checkout.qty', { count: qty })}
            </Text>
          </Stack>
        </Group>
      </Paper>
      <NativeSelect
        label={t('checkout.branch')}
        value={branch}
        onChange={(e) => {
          setBranch(e.currentTarget.value);
          setTouched(true);
        }}
        onBlur={() => setTouched(true)}
        data={[{ value: '', label: t('checkout.chooseBranch') }, ...(branches.data ?? []).map((b) => ({ value: b.name, label: b.name }))]}
        error={touched && !branch ? t('checkout.branchRequired') : undefined}
        data-testid="branch-select"
      />
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between">
          <Text fw={700}>{t('checkout.totalPoints')}</Text>
          <Text fw={800} size="lg" data-testid="gift-total">
            {t('common.pointsCount', { count: price })}
          </Text>
        </Group>
        {memberPoints !== null && (
          <Text size="sm" c={short ? 'red.9' : 'dimmed'} mt={4}>
            {short ? t('checkout.shortOfPoints', { count: price - memberPoints }) : t('checkout.yourPoints', { count: memberPoints })}
          </Text>
        )}
      </Paper>
      {error && <SpendRefused kind="redeem" message={error} testId="redeem-error" />}
      <Button
        size="lg"
        radius="xl"
        fullWidth
        disabled={disabled}
        color={disabled ? 'gray' : 'brand'}
        onClick={() => {
          setTouched(true);
          reset();
          setConfirming(true);
        }}
        aria-describedby={online ? undefined : 'redeem-offline'}
        data-testid="redeem-using"
      >
        {t('checkout.redeemUsing', { count: price })}
      </Button>
      {!online && <SpendOffline kind="redeem" id="redeem-offline" />}
      <Modal
        opened={dialogOpen}
        onClose={closeDialog}
        withCloseButton={!sending && !spendDialogOpen(phase)}
        closeOnClickOutside={!sending}
        closeOnEscape={!sending}
        centered
        radius="lg"
        title={spendDialogOpen(phase) ? undefined : t('checkout.confirmTitle')}
        data-testid="confirm-dialog"
      >
        {spendDialogOpen(phase) ? (
          <SpendProgress kind="redeem" phase={phase} onCheck={() => void check()} onClose={closeDialog} />
        ) : (
          <Stack gap="md">
            <Text>{t('checkout.confirmText')}</Text>
            {!online && (
              <Text size="sm" c="dimmed">
                {t('checkout.offlineRedeem')}
              </Text>
            )}
            <Group grow>
              <Button variant="default" radius="xl" onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </Button>
              <Button radius="xl" onClick={confirm} disabled={!online || busy} data-testid="confirm-redeem">
                {t('common.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
