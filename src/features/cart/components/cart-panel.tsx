import { ActionIcon, Alert, Button, Drawer, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useT } from '@/lib/i18n';
import type { Item } from '@/entities/items';
import { imageUrl } from '@/lib/file-url';
import { formatBaht } from '@/lib/format/numbers';
import { cartItemsQuery, cartTotals } from '../api';
import { useCart, type DeliveryMethod } from '../store';
import classes from './cart.module.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';

/** The panel slides in and out in 200 ms. */
export const CART_TRANSITION_MS = 200;


function Line({ item, qty }: { item: Item; qty: number }) {
  const t = useT();
  const add = useCart((s) => s.add);
  const remove = useCart((s) => s.remove);
  const points = item.loyalty_points_based_price ?? 0;
  return (
    <li className={classes.line} data-testid="cart-line">
      <div className={classes.thumb}>{item.website_image ? <img src={imageUrl(item.website_image)} alt="" width={64} height={64} /> : null}</div>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} size="sm" lineClamp={2}>
          {item.item_name}
        </Text>
        <Text size="sm" c="brand.7" fw={700}>
          {points > 0 ? t('common.pointsCount', { count: points }) : item.formatted_price || formatBaht(item.price_list_rate)}
        </Text>
        <Group gap={8} justify="space-between" wrap="nowrap">
          <Group gap={4} wrap="nowrap" className={classes.stepper}>
            <ActionIcon
              variant="default"
              radius="xl"
              size={36}
              disabled={qty <= 1}
              onClick={() => add(item.item_code, qty - 1)}
              aria-label={t('cart.decrease', { name: item.item_name })}
            >
              −
            </ActionIcon>
            <span className={classes.qty} aria-label={t('cart.quantity', { name: item.item_name })} data-testid="cart-qty">
              {qty}
            </span>
            <ActionIcon variant="default" radius="xl" size={36} disabled={qty >= 99} onClick={() => add(item.item_code, qty + 1)} aria-label={t('cart.increase', { name: item.item_name })}>
              +
            </ActionIcon>
          </Group>
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => remove(item.item_code)} aria-label={t('cart.remove', { name: item.item_name })}>
            {t('cart.removeShort')}
          </Button>
        </Group>
      </Stack>
    </li>
  );
}

function CouponInput() {
  const t = useT();
  const [code, setCode] = useState('');
  const [state, setState] = useState<'idle' | 'invalid'>('idle');
  return (
    <Stack gap={6}>
      <Group gap={8} align="end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('cart.couponLabel')}
          placeholder={t('cart.couponPlaceholder')}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setState('idle');
          }}
        />
        {/* No coupon programme exists on the server yet: every code is answered honestly as not valid. */}
        <Button variant="light" disabled={!code.trim()} onClick={() => setState('invalid')}>
          {t('cart.couponApply')}
        </Button>
      </Group>
      {state === 'invalid' && (
        <Alert color="red" variant="light" p="xs" role="alert">
          {t('cart.couponInvalid')}
        </Alert>
      )}
    </Stack>
  );
}

/** The cart side panel: list view, then the delivery-method view; mounted once by the root layout. */
export function CartPanel() {
  const t = useT();
  const navigate = useNavigate();
  const { items, isOpen, view, close, setView, setDelivery } = useCart();
  const codes = Object.keys(items);
  const query = useQuery({ ...cartItemsQuery(codes), enabled: isOpen && codes.length > 0 });
  const loaded = (query.data ?? []).filter((i) => items[i.item_code]);
  const totals = cartTotals(items, loaded);
  const empty = codes.length === 0;


  const choose = (delivery: DeliveryMethod) => {
    setDelivery(delivery);
    close();
    void navigate({ to: '/checkout' });
  };

  return (
    <Drawer
      opened={isOpen}
      onClose={close}
      position="right"
      size="min(100%, 420px)"
      title={view === 'list' ? t('cart.title') : t('cart.deliveryTitle')}
      closeButtonProps={{ 'aria-label': t('cart.close') }}
      transitionProps={{ duration: CART_TRANSITION_MS, transition: 'slide-left' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      data-testid="cart-panel"
    >
      {view === 'list' ? (
        <Stack gap="md">
          {empty ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('cart.empty')}
            </Text>
          ) : query.isPending ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('cart.loading')}
            </Text>
          ) : (
            <ul className={classes.lines}>
              {codes.map((code) => {
                const item = loaded.find((i) => i.item_code === code);
                return item ? (
                  <Line key={code} item={item} qty={items[code] ?? 1} />
                ) : (
                  <li key={code} className={classes.line}>
                    <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                      {code} · {t('cart.unavailable')}
                    </Text>
                    <RemoveMissing code={code} />
                  </li>
                );
              })}
            </ul>
          )}
          <CouponInput />
          <Group justify="space-between">
            <Text fw={700}>{t('cart.total')}</Text>
            <Text fw={800} size="lg" data-testid="cart-total">
              {formatBaht(totals.baht)}
            </Text>
          </Group>
          {totals.points > 0 && (
            <Group justify="space-between">
              <Text size="sm">{t('cart.totalPoints')}</Text>
              <Text size="sm" fw={700}>
                {t('common.pointsCount', { count: totals.points })}
              </Text>
            </Group>
          )}
          <Button size="lg" radius="xl" fullWidth disabled={empty} color={empty ? 'gray' : 'brand'} onClick={() => setView('delivery')} data-testid="cart-proceed">
            {t('cart.proceed')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <UnstyledButton className={classes.option} onClick={() => choose('delivery')} data-testid="choose-delivery">
            <Text fw={700}>{t('cart.homeDelivery')}</Text>
            <Text size="sm" c="dimmed">
              {t('cart.homeDeliveryText')}
            </Text>
          </UnstyledButton>
          <UnstyledButton className={classes.option} onClick={() => choose('pickup')} data-testid="choose-pickup">
            <Text fw={700}>{t('cart.storePickup')}</Text>
            <Text size="sm" c="dimmed">
              {t('cart.storePickupText')}
            </Text>
          </UnstyledButton>
          <Button variant="subtle" onClick={() => setView('list')}>
            {t('cart.backToCart')}
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}

function RemoveMissing({ code }: { code: string }) {
  const t = useT();
  const remove = useCart((s) => s.remove);
  return (
    <Button variant="subtle" color="red" size="compact-sm" onClick={() => remove(code)}>
      {t('cart.removeShort')}
    </Button>
  );
}
