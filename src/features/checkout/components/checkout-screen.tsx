import { Button, Checkbox, Group, Modal, NativeSelect, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AddressText } from '@/components/address-text';
import { SpendOffline, SpendProgress, SpendRefused, spendDialogOpen } from '@/components/spend-progress';
import { errorText } from '@/lib/error-text';
import { useT } from '@/lib/i18n';
import { useWhenSpent } from '@/lib/spend';
import { addressesQuery } from '@/entities/addresses';
import { branchesQuery } from '@/entities/branches';
import { checkoutTotalsQuery, type DeliveryMethod, type OrderLine, type PlacedOrder, type PurchasePayload } from '@/entities/orders';
import { usePlaceOrder } from '@/entities/orders/place-order';
import { AddressPanel, CardPanel, PaymentMethod, PaymentPanel } from './checkout-panels';
import { OrderSummary, OrderTotals } from './checkout-summary';
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
    return (
      <AddressPanel
        choosing={choosing}
        current={choosing === 'billing' ? billing : shipping}
        onChoose={choosing === 'billing' ? setBilling : setShipping}
        onClose={onClosePanel}
      />
    );
  }
  if (panel === 'payment') return <PaymentPanel onOpenPanel={onOpenPanel} onClose={onClosePanel} />;
  if (panel === 'card') return <CardPanel onClose={onClosePanel} />;

  const data = skeleton ? undefined : totals.data;
  return (
    <div>
      {header}
      <Stack gap="md" p="md">
        <OrderSummary data={data} error={totals.isError && !skeleton ? totals.error : null} />

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
              <AddressText address={billingAddress} />
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
                    <AddressText address={shippingAddress} />
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
            <PaymentMethod name={t('checkout.bankTransfer')} text={t('checkout.bankTransferText')} weight={600} />
          </UnstyledButton>
        </section>

        <OrderTotals data={data} />

        {error && <SpendRefused kind="order" message={error} testId="order-error" />}
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
        {!online && <SpendOffline kind="order" id="order-offline" />}
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

