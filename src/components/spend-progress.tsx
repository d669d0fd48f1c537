import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useT, type MessageKey } from '@/lib/i18n';
import '@mantine/core/styles/Alert.css';
import type { SpendKind, SpendPhase } from '@/lib/spend';

const TEXTS: Record<SpendKind, Record<'sending' | 'checking' | 'nothingTitle' | 'nothing' | 'unknown' | 'offline', MessageKey>> = {
  redeem: {
    offline: 'checkout.offlineRedeem',
    sending: 'checkout.redeeming',
    checking: 'checkout.checkingRedeem',
    nothingTitle: 'checkout.redeemFailed',
    nothing: 'checkout.nothingRedeem',
    unknown: 'checkout.unknownRedeem',
  },
  order: {
    offline: 'checkout.offlineOrder',
    sending: 'checkout.placingWait',
    checking: 'checkout.checkingOrder',
    nothingTitle: 'checkout.orderFailed',
    nothing: 'checkout.nothingOrder',
    unknown: 'checkout.unknownOrder',
  },
};

/** Whether the dialog of a spending write has something to say in this phase (refusals are shown by the form). */
export const spendDialogOpen = (phase: SpendPhase<unknown>) =>
  phase.state === 'sending' || phase.state === 'checking' || phase.state === 'nothing' || phase.state === 'unknown';

/**
 * The inside of the dialog of a redemption or an order (src/lib/spend.ts): "please wait" while it is sent, "checking"
 * while the server is asked what became of it, then "nothing was spent" or "not known yet" with "check again".
 */
export function SpendProgress({ kind, phase, onCheck, onClose }: { kind: SpendKind; phase: SpendPhase<unknown>; onCheck: () => void; onClose: () => void }) {
  const t = useT();
  const texts = TEXTS[kind];
  if (phase.state === 'sending' || phase.state === 'checking') {
    return (
      <Stack align="center" gap="md" py="md" role="status" aria-live="polite" data-testid="spend-progress" data-phase={phase.state}>
        <Loader />
        <Text ta="center" fw={600}>
          {t(phase.state === 'sending' ? texts.sending : texts.checking)}
        </Text>
      </Stack>
    );
  }
  if (phase.state !== 'nothing' && phase.state !== 'unknown') return null;
  const nothing = phase.state === 'nothing';
  return (
    <Stack gap="md" role="alert" data-testid="spend-outcome" data-phase={phase.state}>
      <Title order={2} size="h4">
        {t(nothing ? texts.nothingTitle : 'checkout.unknownTitle')}
      </Title>
      <Text>{t(nothing ? texts.nothing : texts.unknown)}</Text>
      <Group grow>
        <Button variant={nothing ? 'filled' : 'default'} radius="xl" onClick={onClose}>
          {t('checkout.close')}
        </Button>
        {!nothing && (
          <Button radius="xl" onClick={onCheck} data-testid="spend-check-again">
            {t('checkout.checkAgain')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The server's refusal of a redemption or an order, above its button (the reason, from the error catalogue). */
export function SpendRefused({ kind, message, testId }: { kind: SpendKind; message: string; testId: string }) {
  const t = useT();
  return (
    <Alert color="red" variant="light" title={t(TEXTS[kind].nothingTitle)} role="alert" data-testid={testId}>
      {message}
    </Alert>
  );
}

/** Under a spending button that is disabled offline: why (the button names it by `id`). */
export function SpendOffline({ kind, id }: { kind: SpendKind; id: string }) {
  const t = useT();
  return (
    <Text id={id} size="sm" c="dimmed" ta="center" data-testid={id}>
      {t(TEXTS[kind].offline)}
    </Text>
  );
}
