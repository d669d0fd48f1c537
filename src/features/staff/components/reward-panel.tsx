import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useT } from '@/lib/i18n';
import { useConfirmReward, type RewardCard } from '@/entities/staff';
import { refusalMessage } from '../api';
import { useStaffFormat } from '../format';
import classes from './staff.module.css';
import { imageUrl } from '@/lib/file-url';

/** A scanned reward order: what was redeemed, by whom, for which branch, and the hand-over confirmation. */
export function RewardPanel({ reward, onNext }: { reward: RewardCard; onNext: () => void }) {
  const t = useT();
  const fmt = useStaffFormat();
  const confirm = useConfirmReward();
  const done = confirm.data;
  const refusal = confirm.isError ? refusalMessage(confirm.error, fmt) : null;
  const handed = reward.delivery_notes.find((n) => n.submitted_at);
  const used = reward.confirmed || Boolean(done);

  return (
    <Stack gap="md" aria-live="polite">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {t('staff.rewardTitle')}
          </Text>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {t('staff.rewardCode', { code: reward.invoice })}
          </Title>
        </div>
        <Badge size="lg" color={used ? 'gray' : 'green'} variant="light" style={{ flexShrink: 0 }}>
          {used ? t('staff.rewardUsed') : t('staff.rewardReady')}
        </Badge>
      </Group>
      <Stack gap="xs">
        {reward.items.map((item) => (
          <div key={item.item_code} className={classes.item}>
            {item.image ? <img className={classes.itemImage} src={imageUrl(item.image)} alt="" /> : <div className={classes.itemImage} />}
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {item.item_name}
              </Text>
              <Text size="sm" c="dimmed">
                {t('staff.rewardQty', { qty: item.qty })} · {t('staff.rewardPoints', { points: fmt.number(item.loyalty_points * item.qty) })}
              </Text>
            </div>
          </div>
        ))}
      </Stack>
      <Stack gap={2}>
        <Text>{t('staff.rewardMember', { name: reward.member.full_name })}</Text>
        {reward.branch && <Text>{t('staff.rewardBranch', { branch: reward.branch })}</Text>}
        <Text size="sm" c="dimmed">
          {t('staff.rewardRedeemedOn', { date: fmt.date(reward.posting_date) })}
        </Text>
      </Stack>

      {done ? (
        <Alert color="green" role="status" title={t('staff.confirmDone')}>
          {t('staff.handedOverBy', { name: done.confirmed_by_name, time: fmt.time(done.confirmed_at) })}
        </Alert>
      ) : reward.confirmed && handed ? (
        <Alert color="gray" role="status" title={t('staff.rewardUsed')}>
          {t('staff.handedOverBy', { name: handed.submitted_by_name ?? handed.submitted_by ?? '', time: fmt.time(handed.submitted_at!) })}
        </Alert>
      ) : null}
      {refusal && (
        <Alert color="red" role="alert">
          {t(refusal.key, refusal.params)}
        </Alert>
      )}
      {!used && !refusal && (
        <Button size="md" color="green" loading={confirm.isPending} onClick={() => confirm.mutate(reward.code)}>
          {t('staff.confirm')}
        </Button>
      )}
      {(used || refusal) && (
        <Button size="md" variant={used ? 'filled' : 'light'} onClick={onNext}>
          {t('staff.scanNext')}
        </Button>
      )}
    </Stack>
  );
}
