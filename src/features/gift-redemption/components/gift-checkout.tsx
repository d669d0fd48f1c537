import { Alert, Button, Group, Loader, Modal, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isFrappeClientError } from '@/lib/frappe';
import { useT } from '@/lib/i18n';
import { orderRefusal } from '@/lib/order-messages';
import { branchesQuery, giftItemQuery, newKey, useRedeem, type GiftPayload, type RedemptionResult } from '../api';
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
  onRedeemed: (order: RedemptionResult) => void;
}


/**
 * /{itemCode}/gift-checkout: summary, branch, 'redeem using N points' (disabled and grey when short or no
 * branch), the confirmation dialog, then 'system is redeeming, please wait' that cannot be dismissed.
 */
export function GiftCheckout({ itemCode, memberPoints, onRedeemed }: GiftCheckoutProps) {
  const t = useT();
  const item = useQuery(giftItemQuery(itemCode));
  const branches = useQuery(branchesQuery());
  const redeem = useRedeem();
  const [branch, setBranch] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newKey());

  if (item.isError) {
    return (
      <Text c="dimmed" ta="center" p="xl">
        {item.error.message}
      </Text>
    );
  }
  const data = item.data;
  const qty = 1;
  const price = (data?.loyalty_points_based_price ?? 0) * qty;
  const short = memberPoints !== null && price > memberPoints;
  const disabled = !data || memberPoints === null || short || !branch || price <= 0;
  const submitting = redeem.isPending;

  const confirm = () => {
    if (!data) return;
    setError(null);
    const payload: GiftPayload = { loyalty_points: price, items: [{ item_code: data.item_code, qty }], payment_method: 'bank-transfer', branch };
    redeem.mutate(
      { payload, key: key.current },
      {
        onSuccess: (order) => {
          setConfirming(false);
          onRedeemed(order);
        },
        onError: (e) => {
          setConfirming(false);
          // A refused redemption changed nothing: a new attempt is a new request. One that got no answer keeps
          // its key, so retrying it can never redeem twice.
          if (!(isFrappeClientError(e) && e.isNetworkError)) key.current = newKey();
          setError(orderRefusal(e, t));
        },
      },
    );
  };

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
      {error && (
        <Alert color="red" variant="light" title={t('checkout.redeemFailed')} role="alert" data-testid="redeem-error">
          {error}
        </Alert>
      )}
      <Button
        size="lg"
        radius="xl"
        fullWidth
        disabled={disabled}
        color={disabled ? 'gray' : 'brand'}
        onClick={() => {
          setTouched(true);
          setConfirming(true);
        }}
        data-testid="redeem-using"
      >
        {t('checkout.redeemUsing', { count: price })}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => {
          if (!submitting) setConfirming(false);
        }}
        withCloseButton={!submitting}
        closeOnClickOutside={!submitting}
        closeOnEscape={!submitting}
        centered
        radius="lg"
        title={submitting ? undefined : t('checkout.confirmTitle')}
        data-testid="confirm-dialog"
      >
        {submitting ? (
          <Stack align="center" gap="md" py="md" role="status" aria-live="polite">
            <Loader />
            <Text ta="center" fw={600}>
              {t('checkout.redeeming')}
            </Text>
          </Stack>
        ) : (
          <Stack gap="md">
            <Text>{t('checkout.confirmText')}</Text>
            <Group grow>
              <Button variant="default" radius="xl" onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </Button>
              <Button radius="xl" onClick={confirm} data-testid="confirm-redeem">
                {t('common.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
