import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import { useState } from 'react';
import { Alert, Avatar, Badge, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useT } from '@/lib/i18n';
import { RECEIPT_NO_MAX, tillPoints, type TillEarning } from '../../../../contracts/staff';
import { useAwardPoints, type MemberCard } from '@/entities/staff';
import { refusalMessage } from '../api';
import { checkAmount, checkReceipt, type Checked } from '../award-input';
import { useStaffFormat } from '../format';
import classes from './staff.module.css';

/**
 * What the typed amount earns. Only a valid amount gets a figure: with none typed the staff member is asked for
 * it, and a wrong one shows its error instead ("earns 0 points" would read as a promise, or as an accepted amount).
 */
function EarnPreview({ earn, amount }: { earn: TillEarning; amount: Checked<number> | 'empty' }) {
  const t = useT();
  const fmt = useStaffFormat();
  if (amount === 'empty') {
    return (
      <Text size="sm" c="dimmed" data-testid="earn-prompt">
        {t('staff.earnPrompt')}
      </Text>
    );
  }
  if (!amount.ok) return null;
  const points = fmt.number(tillPoints(amount.value, earn));
  const factor = fmt.number(earn.baht_per_point);
  return (
    <Text size="sm" aria-live="polite" data-testid="earn-preview">
      {earn.multiplier === 1
        ? t('staff.earnPreview', { points, factor })
        : t('staff.earnPreviewBoosted', { points, factor, multiplier: fmt.number(earn.multiplier) })}
    </Text>
  );
}

/** The scanned member and the purchase award form. */
export function MemberPanel({ member, scanToken, onNext }: { member: MemberCard; scanToken: string; onNext: () => void }) {
  const t = useT();
  const fmt = useStaffFormat();
  const award = useAwardPoints();
  const [amount, setAmount] = useState('');
  const [receipt, setReceipt] = useState('');
  const [touched, setTouched] = useState(false);
  // One key per attempt: a retried request never awards twice.
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);

  const amountCheck = checkAmount(amount);
  const receiptCheck = checkReceipt(receipt);
  // What is wrong with a typed value shows at once; an empty field is only pointed out on submit.
  const fieldError = (check: Checked<unknown>, text: string) =>
    !check.ok && (touched || text.trim() !== '') ? t(check.error) : undefined;
  const done = award.data;
  const refusal = award.isError ? refusalMessage(award.error, fmt) : null;

  return (
    <Stack gap="md" aria-live="polite">
      <div className={classes.memberHead}>
        <Avatar src={member.user_image ?? undefined} alt="" size={64} radius="xl" color="brand">
          {member.full_name.slice(0, 1)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {t('staff.memberTitle')}
          </Text>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {member.full_name}
          </Title>
          <Text size="sm" c="dimmed">
            {t('staff.memberSince', { date: fmt.date(member.member_since) })}
          </Text>
        </div>
      </div>
      <div className={classes.stats}>
        <div className={classes.stat}>
          <div className={classes.statLabel}>{t('staff.points')}</div>
          <div className={classes.statValue} data-testid="member-points">
            {t('staff.pointsValue', { points: fmt.number(done ? done.loyalty_points : member.loyalty_points) })}
          </div>
        </div>
        <div className={classes.stat}>
          <div className={classes.statLabel}>{t('staff.tier')}</div>
          <div className={classes.statValue}>
            {member.tier ? (
              <Badge size="lg" variant="light" color="brand">
                {member.tier}
              </Badge>
            ) : (
              <Text c="dimmed">{t('staff.noTier')}</Text>
            )}
          </div>
        </div>
      </div>
      <Text size="sm" c="dimmed">
        {t('staff.awardedToday', { awarded: fmt.number(done ? done.awarded_today : member.awarded_today), cap: fmt.number(member.daily_cap) })}
      </Text>

      {done ? (
        <>
          <Alert color="green" role="status" title={t('staff.awardDone', { points: fmt.number(done.points), name: done.full_name })}>
            {t('staff.awardDoneDetail', { receipt: done.receipt_no, amount: fmt.number(done.amount), balance: fmt.number(done.loyalty_points) })}
          </Alert>
          <Button size="md" onClick={onNext}>
            {t('staff.scanNext')}
          </Button>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (!amountCheck.ok || !receiptCheck.ok || award.isPending) return;
            award.mutate(
              { scan_token: scanToken, amount: amountCheck.value, receipt_no: receiptCheck.value, key: attemptKey },
              { onError: () => setAttemptKey(newIdempotencyKey()) },
            );
          }}
        >
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('staff.awardTitle')}
            </Title>
            <div className={classes.formRow}>
              <TextInput
                label={t('staff.amount')}
                inputMode="decimal"
                autoComplete="off"
                size="md"
                value={amount}
                onChange={(e) => setAmount(e.currentTarget.value)}
                error={fieldError(amountCheck, amount)}
                withAsterisk
              />
              <TextInput
                label={t('staff.receipt')}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                size="md"
                maxLength={RECEIPT_NO_MAX}
                value={receipt}
                onChange={(e) => setReceipt(e.currentTarget.value)}
                error={fieldError(receiptCheck, receipt)}
                withAsterisk
              />
            </div>
            {member.earn ? <EarnPreview earn={member.earn} amount={amount.trim() ? amountCheck : 'empty'} /> : null}
            {refusal && (
              <Alert color="red" role="alert">
                {t(refusal.key, refusal.params)}
              </Alert>
            )}
            <Button type="submit" size="md" loading={award.isPending}>
              {t('staff.awardSubmit')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
