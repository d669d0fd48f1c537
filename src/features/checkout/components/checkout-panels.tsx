import { Alert, Button, Group, Paper, Radio, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AddressText } from '@/components/address-text';
import { TitleHeader } from '@/components/title-header';
import { useT } from '@/lib/i18n';
import { addressesQuery } from '@/entities/addresses';
import { AddressEntry } from './address-entry';
import type { CheckoutPanel } from '../panels';
import classes from './checkout.module.css';

/*
 * The panels shown over the checkout (history entries: the phone's Back closes them): choosing or adding an
 * address, the payment methods, and the card form (shown, not yet taken).
 */

function PanelBar({ title, onBack }: { title: string; onBack: () => void }) {
  const t = useT();
  return <TitleHeader title={title} onBack={onBack} backLabel={t('checkout.close')} />;
}

/** The billing or the shipping address: one of the member's, or a new one (chosen once saved). */
export function AddressPanel({
  choosing,
  current,
  onChoose,
  onClose,
}: {
  choosing: 'billing' | 'shipping';
  current: string | null;
  onChoose: (name: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const addresses = useQuery(addressesQuery());
  const choose = (name: string) => {
    onChoose(name);
    onClose();
  };
  return (
    <div>
      <PanelBar title={choosing === 'billing' ? t('checkout.address') : t('checkout.shippingAddress')} onBack={onClose} />
      <Stack gap="md" p="md">
        {addresses.data && addresses.data.length > 0 && (
          <Radio.Group value={current ?? ''} onChange={choose}>
            <Stack gap="sm">
              {addresses.data.map((a) => (
                <Paper key={a.name} withBorder radius="md" p="sm">
                  <Radio value={a.name} label={<AddressText address={a} />} />
                </Paper>
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Text fw={700}>{t('checkout.addAddress')}</Text>
        <AddressEntry onSaved={(a) => choose(a.name)} />
      </Stack>
    </div>
  );
}

/** A payment method: its name and what paying so means. */
export function PaymentMethod({ name, text, weight = 700 }: { name: string; text: string; weight?: number }) {
  return (
    <>
      <Text fw={weight}>{name}</Text>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </>
  );
}

/** The payment methods: bank transfer (the one taken) and the card, which opens the card panel. */
export function PaymentPanel({ onOpenPanel, onClose }: { onOpenPanel: (panel: CheckoutPanel) => void; onClose: () => void }) {
  const t = useT();
  return (
    <div>
      <PanelBar title={t('checkout.payment')} onBack={onClose} />
      <Stack gap="sm" p="md">
        <Paper withBorder radius="md" p="md" className={classes.selected}>
          <PaymentMethod name={t('checkout.bankTransfer')} text={t('checkout.bankTransferText')} />
        </Paper>
        <UnstyledButton className={classes.option} onClick={() => onOpenPanel('card')}>
          <PaymentMethod name={t('checkout.creditCard')} text={t('checkout.creditCardSoon')} />
        </UnstyledButton>
        <Button radius="xl" onClick={onClose}>
          {t('checkout.close')}
        </Button>
      </Stack>
    </div>
  );
}

/** The card form, shown with its fields disabled: cards are not taken yet. */
export function CardPanel({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <div>
      <PanelBar title={t('checkout.addCard')} onBack={onClose} />
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
        <Button variant="light" radius="xl" onClick={onClose}>
          {t('common.back')}
        </Button>
      </Stack>
    </div>
  );
}
