import { Button, Stack, Text } from '@mantine/core';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { TitleHeader } from '@/components/title-header';
import { useCart } from '@/features/cart';
import { useMinDelay } from '@/features/catalog/components/use-min-delay';
import { addressesQuery, CHECKOUT_SKELETON_MS, CheckoutScreen } from '@/features/checkout';
import { useT } from '@/lib/i18n';

/** /checkout: the cart's items, the delivery method chosen in the cart panel, address, payment, the server's totals. */
export const Route = createFileRoute('/_member/_screen/checkout')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(addressesQuery());
  },
  component: CheckoutPage,
});

function CheckoutPage() {
  const t = useT();
  const navigate = useNavigate();
  const items = useCart((s) => s.items);
  const delivery = useCart((s) => s.delivery);
  const setDelivery = useCart((s) => s.setDelivery);
  const reset = useCart((s) => s.reset);
  const settled = useMinDelay(CHECKOUT_SKELETON_MS);
  const lines = useMemo(() => Object.entries(items).map(([item_code, qty]) => ({ item_code, qty })), [items]);
  const header = <TitleHeader title={t('checkout.title')} backTo="/" />;
  if (lines.length === 0) {
    return (
      <>
        {header}
        <Stack align="center" p="xl" gap="md">
          <Text c="dimmed">{t('checkout.emptyCart')}</Text>
          <Button component={Link} to="/" radius="xl" variant="light">
            {t('checkout.goShopping')}
          </Button>
        </Stack>
      </>
    );
  }
  return (
    <CheckoutScreen
      header={header}
      lines={lines}
      delivery={delivery}
      onDeliveryChange={setDelivery}
      skeleton={!settled}
      onPlaced={(order) => {
        reset();
        if (order) void navigate({ to: '/thankyou', search: { order_id: order.name, amount: order.grand_total }, replace: true });
        else void navigate({ to: '/my-order', replace: true });
      }}
    />
  );
}
