import { Alert, Button, Checkbox, Group, Modal, NativeSelect, Paper, Radio, SegmentedControl, Skeleton, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AddressText } from '@/components/address-text';
import { SpendProgress, spendDialogOpen } from '@/components/spend-progress';
import { errorText } from '@/lib/error-text';
import { useT } from '@/lib/i18n';
import { useWhenSpent } from '@/lib/spend';
import { addressesQuery, type AddressDoc } from '@/entities/addresses';
import { branchesQuery } from '@/entities/branches';
import {
  checkoutTotalsQuery,
  type DeliveryMethod,
  type OrderLine,
  type PlacedOrder,
  type PurchasePayload,
} from '@/entities/orders';
import { usePlaceOrder } from '@/entities/orders/place-order';
import { AddressEntry } from './address-entry';
import classes from './checkout.module.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SegmentedControl.css';
import type { CheckoutPanel } from '../panels';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';


export interface CheckoutScreenProps {
  lines: OrderLine[];
  delivery: DeliveryMethod;
  onDeliveryChange: (d: DeliveryMethod) => void;
  /** Placed; null when the server confirmed it but no longer had its answer. */
  onPlaced: (order: PlacedOrder | null) => void;
  /** The title bar of the main view (the route's, with its back link). */
  header: ReactNode;
  /** True during the first CHECKOUT_SKELETON_MS: skeletons whatever the cache already holds. */
  skeleton?: boolean;
  /** The panel shown over the checkout, if any. */
  panel?: CheckoutPanel;
  /** Opens a panel (the card panel over the payment panel). */
  onOpenPanel: (panel: CheckoutPanel) => void;
  /** Closes the panel shown, back to what was under it. */
  onClosePanel: () => void;
}

function PanelBar({ title, onBack }: { title: string; onBack: () => void }) {
  const t = useT();
  return (
    <header className={classes.panelBar}>
      <button type="button" className={classes.iconButton} onClick={onBack} aria-label={t('checkout.close')}>
        <svg width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" aria-hidden="true">
          <path d="M15 18l-6-6 6-6" />
        </svg>
      </button>
      <h1 className={classes.panelTitle}>{title}</h1>
      <span />
    </header>
  );
}

function Row({ label, value, strong, testId }: { label: string; value: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 800 : 600} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** /checkout: summary, delivery, address, payment and the server's totals; places the order with place_order. */
export function CheckoutScreen({ lines, delivery, onDeliveryChange, onPlaced, header, skeleton = false, panel, onOpenPanel, onClosePanel }: CheckoutScreenProps) {
  const t = useT();
  const [chosenBilling, setBilling] = useState<string | null>(null);
  const [differentShipping, setDifferentShipping] = useState(false);
  const [shipping, setShipping] = useState<string | null>(null);
  const [branch, setBranch] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const totals = useQuery(checkoutTotalsQuery(lines, delivery));
  const addresses = useQuery(addressesQuery());
  const branches = useQuery({ ...branchesQuery(), enabled: delivery === 'pickup' });
  const place = usePlaceOrder('order');
  const { phase, online } = place;
  useWhenSpent(phase, onPlaced);
  const error = phase.state === 'refused' ? errorText(phase.error, t) : null;

  // Until the member chooses, their preferred address is the one used.
  const preferred = addresses.data?.find((a) => a.is_primary_address) ?? addresses.data?.find((a) => a.is_shipping_address) ?? addresses.data?.[0];
  const billing = chosenBilling ?? preferred?.name ?? null;

  const byName = (name: string | null) => addresses.data?.find((a) => a.name === name);
  const billingAddress = byName(billing);
  const shippingAddress = byName(shipping);

  const submit = () => {
    setSubmitted(true);
    place.reset();
    if (!billing || !online) return; // 'Please select an address' is shown under the address
    const payload: PurchasePayload = {
      billing_address: billing,
      shipping_address: differentShipping ? (shipping ?? '') : '',
      use_different_shipping: differentShipping,
      loyalty_points: totals.data ? totals.data.loyalty_points : null,
      items: lines,
      payment_method: 'bank-transfer',
      delivery_method: delivery,
      ...(delivery === 'pickup' ? { branch } : {}),
    };
    // The same order sent again (after a lost answer) keeps its Idempotency-Key: it can never be placed twice.
    void place.send(payload);
  };

  if (panel === 'billing' || panel === 'shipping') {
    const choosing = panel;
    const current = choosing === 'billing' ? billing : shipping;
    return (
      <div>
        <PanelBar title={choosing === 'billing' ? t('checkout.address') : t('checkout.shippingAddress')} onBack={onClosePanel} />
        <Stack gap="md" p="md">
          {addresses.data && addresses.data.length > 0 && (
            <Radio.Group
              value={current ?? ''}
              onChange={(name) => {
                if (choosing === 'billing') setBilling(name);
                else setShipping(name);
                onClosePanel();
              }}
            >
              <Stack gap="sm">
                {addresses.data.map((a) => (
                  <Paper key={a.name} withBorder radius="md" p="sm">
                    <Radio value={a.name} label={<AddressLabel address={a} />} />
                  </Paper>
                ))}
              </Stack>
            </Radio.Group>
          )}
          <Text fw={700}>{t('checkout.addAddress')}</Text>
          <AddressEntry
            onSaved={(a) => {
              if (choosing === 'billing') setBilling(a.name);
              else setShipping(a.name);
              onClosePanel();
            }}
          />
        </Stack>
      </div>
    );
  }

  if (panel === 'payment') {
    return (
      <div>
        <PanelBar title={t('checkout.payment')} onBack={onClosePanel} />
        <Stack gap="sm" p="md">
          <Paper withBorder radius="md" p="md" className={classes.selected}>
            <Text fw={700}>{t('checkout.bankTransfer')}</Text>
            <Text size="sm" c="dimmed">
              {t('checkout.bankTransferText')}
            </Text>
          </Paper>
          <UnstyledButton className={classes.option} onClick={() => onOpenPanel('card')}>
            <Text fw={700}>{t('checkout.creditCard')}</Text>
            <Text size="sm" c="dimmed">
              {t('checkout.creditCardSoon')}
            </Text>
          </UnstyledButton>
          <Button radius="xl" onClick={onClosePanel}>
            {t('checkout.close')}
          </Button>
        </Stack>
      </div>
    );
  }

  if (panel === 'card') {
    return (
      <div>
        <PanelBar title={t('checkout.addCard')} onBack={onClosePanel} />
        <Stack gap="sm" p="md">
          <Alert color="gray" variant="light">
            {t('checkout.cardDisplayOnly')}
          </Alert>
          <TextInput label={t('checkout.cardNumber')} placeholder="0000 0000 0000 0000" disabled />
          <TextInput label={t('checkout.cardName')} disabled />
          <Group grow>
            <TextInput label={t('checkout.cardExpiry')} placeholder="MM/YY" disabled />
            <TextInput label={t('checkout.cardCvv')} description={t('checkout.cardCvvHint')} placeholder="123" disabled />
          </Group>
          <Button variant="light" radius="xl" onClick={onClosePanel}>
            {t('common.back')}
          </Button>
        </Stack>
      </div>
    );
  }

  const data = skeleton ? undefined : totals.data;
  return (
    <div>
      {header}
      <Stack gap="md" p="md">
        <section aria-labelledby="checkout-summary">
          <Text id="checkout-summary" component="h2" fw={700} mb={8}>
            {t('checkout.summary')}
          </Text>
          <Paper withBorder radius="lg" p="sm">
            {data ? (
              <ul className={classes.lines}>
                {data.items.map((line) => (
                  <li key={line.item_code} className={classes.line}>
                    <Text size="sm" style={{ flex: 1 }}>
                      {line.item_name} <Text span c="dimmed">{t('checkout.qty', { count: line.qty })}</Text>
                    </Text>
                    <Text size="sm" fw={600}>
                      {line.loyalty_points > 0 ? t('common.pointsCount', { count: line.loyalty_points }) : line.formatted_amount}
                    </Text>
                  </li>
                ))}
              </ul>
            ) : totals.isError && !skeleton ? (
              <Text c="red.9" size="sm" role="alert">
                {t('checkout.totalsFailed')}: {errorText(totals.error, t)}
              </Text>
            ) : (
              <Stack gap={8} aria-busy="true" data-testid="summary-skeleton">
                <Skeleton height={16} />
                <Skeleton height={16} width="70%" />
              </Stack>
            )}
          </Paper>
        </section>

        <section aria-labelledby="checkout-delivery">
          <Text id="checkout-delivery" component="h2" fw={700} mb={8}>
            {t('checkout.deliveryMethod')}
          </Text>
          <SegmentedControl
            fullWidth
            radius="xl"
            value={delivery}
            onChange={(v) => onDeliveryChange(v as DeliveryMethod)}
            data={[
              { value: 'delivery', label: t('checkout.homeDelivery') },
              { value: 'pickup', label: t('checkout.storePickup') },
            ]}
          />
          {delivery === 'pickup' && (
            <NativeSelect
              mt="sm"
              label={t('checkout.pickupBranch')}
              value={branch}
              onChange={(e) => setBranch(e.currentTarget.value)}
              data={[{ value: '', label: t('checkout.chooseBranch') }, ...(branches.data ?? []).map((b) => ({ value: b.name, label: b.name }))]}
              error={submitted && !branch ? t('checkout.branchRequired') : undefined}
            />
          )}
        </section>

        <section aria-labelledby="checkout-address">
          <Group justify="space-between" mb={8}>
            <Text id="checkout-address" component="h2" fw={700}>
              {delivery === 'delivery' ? t('checkout.address') : t('checkout.billingAddress')}
            </Text>
          </Group>
          <UnstyledButton className={classes.option} onClick={() => onOpenPanel('billing')} data-testid="choose-address">
            {billingAddress ? (
              <AddressLabel address={billingAddress} />
            ) : (
              <Text c={submitted ? 'red.9' : 'dimmed'} fw={submitted ? 600 : 400} data-testid="select-address">
                {t('checkout.selectAddress')}
              </Text>
            )}
            <Text size="sm" c="brand.7" fw={600} mt={4}>
              {billingAddress ? t('checkout.change') : t('checkout.addAddress')}
            </Text>
          </UnstyledButton>
          {delivery === 'delivery' && (
            <>
              <Checkbox mt="sm" label={t('checkout.differentShipping')} checked={differentShipping} onChange={(e) => setDifferentShipping(e.currentTarget.checked)} />
              {differentShipping && (
                <UnstyledButton className={classes.option} mt="sm" onClick={() => onOpenPanel('shipping')}>
                  {shippingAddress ? (
                    <AddressLabel address={shippingAddress} />
                  ) : (
                    <Text c={submitted ? 'red.9' : 'dimmed'}>{t('checkout.selectAddress')}</Text>
                  )}
                </UnstyledButton>
              )}
            </>
          )}
        </section>

        <section aria-labelledby="checkout-payment">
          <Text id="checkout-payment" component="h2" fw={700} mb={8}>
            {t('checkout.payment')}
          </Text>
          <UnstyledButton className={classes.option} onClick={() => onOpenPanel('payment')}>
            <Text fw={600}>{t('checkout.bankTransfer')}</Text>
            <Text size="sm" c="dimmed">
              {t('checkout.bankTransferText')}
            </Text>
          </UnstyledButton>
        </section>

        <Paper withBorder radius="lg" p="md">
          {data ? (
            <Stack gap={6}>
              <Row label={t('checkout.subtotal')} value={data.formatted_total} testId="subtotal" />
              <Row label={t('checkout.shippingFee')} value={data.formatted_shipping_fee} testId="shipping-fee" />
              <Row label={t('checkout.discount')} value={`-${data.formatted_discount_amount}`} testId="discount" />
              {data.loyalty_points > 0 && <Row label={t('checkout.pointsUsed')} value={t('common.pointsCount', { count: data.loyalty_points })} />}
              <Row label={t('checkout.grandTotal')} value={data.formatted_grand_total} strong testId="grand-total" />
              <Row label={t('checkout.pointsToEarn')} value={t('common.pointsCount', { count: data.points_to_earn })} testId="points-to-earn" />
            </Stack>
          ) : (
            <Skeleton height={120} data-testid="totals-skeleton" />
          )}
        </Paper>

        {error && (
          <Alert color="red" variant="light" title={t('checkout.orderFailed')} role="alert" data-testid="order-error">
            {error}
          </Alert>
        )}
        <Button
          size="lg"
          radius="xl"
          fullWidth
          onClick={submit}
          loading={place.busy}
          disabled={!data || !online}
          aria-describedby={online ? undefined : 'order-offline'}
          data-testid="place-order"
        >
          {t('checkout.placeOrder')}
        </Button>
        {!online && (
          <Text id="order-offline" size="sm" c="dimmed" ta="center" data-testid="order-offline">
            {t('checkout.offlineOrder')}
          </Text>
        )}
      </Stack>
      <Modal
        opened={spendDialogOpen(phase)}
        onClose={() => phase.state !== 'sending' && place.reset()}
        withCloseButton={false}
        closeOnClickOutside={phase.state !== 'sending'}
        closeOnEscape={phase.state !== 'sending'}
        centered
        radius="lg"
      >
        <SpendProgress kind="order" phase={phase} onCheck={() => void place.check()} onClose={place.reset} />
      </Modal>
    </div>
  );
}

const AddressLabel = ({ address }: { address: AddressDoc }) => <AddressText address={address} />;
