import { Button, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useT, type MessageKey, type Translate } from '@/lib/i18n';
import { isStaffRefusalReason, type StaffRefusalReason } from '../../../../contracts/staff';
import { actionsQuery, type StaffAction } from '@/entities/staff';
import { useStaffFormat } from '../format';
import classes from './staff.module.css';

const TEXT: Record<string, MessageKey> = {
  scan_member: 'staff.logScanMember',
  scan_reward: 'staff.logScanReward',
  scan_refused: 'staff.logScanRefused',
  award_points: 'staff.logAward',
  award_refused: 'staff.logAwardRefused',
  confirm_reward: 'staff.logConfirm',
  confirm_refused: 'staff.logConfirmRefused',
};

/** Why an action was refused, as the server stored it, in short words for the log. */
const REASON: Record<StaffRefusalReason, MessageKey> = {
  no_branch: 'staff.reasonNoBranch',
  code_invalid: 'staff.reasonCodeInvalid',
  code_used: 'staff.reasonCodeUsed',
  ticket_invalid: 'staff.reasonTicketInvalid',
  unknown_code: 'staff.reasonUnknownCode',
  other_branch: 'staff.reasonOtherBranch',
  already_confirmed: 'staff.reasonAlreadyConfirmed',
  receipt_used: 'staff.reasonReceiptUsed',
  receipt_invalid: 'staff.reasonReceiptInvalid',
  amount_invalid: 'staff.reasonAmountInvalid',
  daily_cap: 'staff.reasonDailyCap',
  staff_daily_cap: 'staff.reasonStaffDailyCap',
  member_blocked: 'staff.reasonMemberBlocked',
  phone_not_verified: 'staff.reasonPhoneNotVerified',
  no_points: 'staff.reasonNoPoints',
  no_program: 'staff.reasonNoProgram',
};

function describe(t: Translate, a: StaffAction, number: (n: number) => string) {
  const key = TEXT[a.action];
  if (!key) return a.action;
  const points = typeof a.detail.points === 'number' ? number(a.detail.points) : '';
  return t(key, { member: String(a.detail.member ?? ''), target: a.target, points });
}

function reason(t: Translate, a: StaffAction): string | null {
  if (!a.action.endsWith('_refused')) return null;
  const stored = a.detail.reason;
  if (isStaffRefusalReason(stored)) return t(REASON[stored]);
  return stored === 'TooManyRequestsError' ? t('staff.reasonTooMany') : t('staff.reasonOther');
}

/**
 * What the staff did, newest first (who, what, when, and why a refusal happened). `allBranches`: a manager's
 * log of every branch, each action with its branch.
 */
export function ActionLog({ allBranches }: { allBranches: boolean }) {
  const t = useT();
  const fmt = useStaffFormat();
  const actions = useQuery(actionsQuery());
  const title = allBranches ? t('staff.logTitleAll') : t('staff.logTitle');
  return (
    <>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <h2 className={classes.sectionTitle} id="staff-log-title" style={{ margin: 0 }}>
          {title}
        </h2>
        <Button size="xs" variant="subtle" onClick={() => void actions.refetch()} loading={actions.isFetching}>
          {t('staff.logRefresh')}
        </Button>
      </Group>
      {actions.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : actions.isError ? (
        <Text c="red">{t('staff.loadFailed')}</Text>
      ) : actions.data.length === 0 ? (
        <Text c="dimmed">{t('staff.logEmpty')}</Text>
      ) : (
        <ul className={classes.logList} aria-labelledby="staff-log-title">
          {actions.data.map((a) => {
            const why = reason(t, a);
            return (
              <li key={a.id} className={classes.logItem} data-action={a.action}>
                <Text size="sm" className={why ? classes.refused : undefined}>
                  {describe(t, a, fmt.number)}
                </Text>
                {why && (
                  <Text size="sm" className={classes.refused}>
                    {t('staff.logReason', { reason: why })}
                  </Text>
                )}
                <div className={classes.logTime}>
                  {[fmt.time(a.created_at), t('staff.logBy', { name: a.staff_name }), allBranches && a.branch ? t('staff.branch', { branch: a.branch }) : null]
                    .filter(Boolean)
                    .join(' · ')}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
