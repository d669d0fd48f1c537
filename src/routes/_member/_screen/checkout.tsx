import { Button, Stack, Text } from '@mantine/core';
import { createFileRoute, Link, useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import * as v from 'valibot';
import { TitleHeader } from '@/components/title-header';
import { useCart } from '@/features/cart';
import { useMinDelay } from '@/hooks/use-min-delay';
import { addressesQuery, CHECKOUT_PANELS, CHECKOUT_SKELETON_MS, CheckoutScreen, type CheckoutPanel } from '@/features/checkout';
import { useT } from '@/lib/i18n';

/** `panel`: the panel open over the checkout (an address to choose, the payment method, a card). */
const searchSchema = v.object({ panel: v.fallback(v.optional(v.picklist(CHECKOUT_PANELS)), undefined) });

/** /checkout: the cart's items, the delivery method chosen in the cart panel, address, payment, the server's totals. */
export const Route = createFileRoute('/_member/_screen/checkout')({
  validateSearch: (search) => v.parse(searchSchema, search),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(addressesQuery());
  },
  component: CheckoutPage,
});

function CheckoutPage() {
  const t = useT();
  const navigate = useNavigate();
  const router = useRouter();
  const { panel } = Route.useSearch();
  const stacked = useLocation({ select: (location) => location.state.stacked === true });
  // A panel is a history entry over the checkout: the phone's Back closes it, and so does its own back arrow. A panel
  // opened from its address (a reload, a shared link) is replaced by what is under it instead.
  const openPanel = (next: CheckoutPanel) => void navigate({ to: '/checkout', search: { panel: next }, state: { stacked: true } });
  const closePanel = () => {
    if (stacked) router.history.back();
    else void navigate({ to: '/checkout', search: { panel: panel === 'card' ? 'payment' : undefined }, replace: true });
  };
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
      panel={panel}
      onOpenPanel={openPanel}
      onClosePanel={closePanel}
      onPlaced={(order) => {
        reset();
        if (order) void navigate({ to: '/thankyou', search: { order_id: order.name, amount: order.grand_total }, replace: true });
        else void navigate({ to: '/my-order', replace: true });
      }}
    />
  );
}
