import { Button, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useT, type MessageKey, type Translate } from '@/lib/i18n';
import { actionsQuery, type StaffAction } from '../api';
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

function describe(t: Translate, a: StaffAction, number: (n: number) => string) {
  const key = TEXT[a.action];
  if (!key) return a.action;
  const points = typeof a.detail.points === 'number' ? number(a.detail.points) : '';
  return t(key, { member: String(a.detail.member ?? ''), target: a.target, points });
}

/** What the staff of this branch did, newest first (who, what, when). */
export function ActionLog() {
  const t = useT();
  const fmt = useStaffFormat();
  const actions = useQuery(actionsQuery());
  return (
    <>
      <Group justify="space-between" mb="xs">
        <h2 className={classes.sectionTitle} id="staff-log-title" style={{ margin: 0 }}>
          {t('staff.logTitle')}
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
          {actions.data.map((a) => (
            <li key={a.id} className={classes.logItem} data-action={a.action}>
              <Text size="sm" className={a.action.endsWith('_refused') ? classes.refused : undefined}>
                {describe(t, a, fmt.number)}
              </Text>
              <div className={classes.logTime}>
                {fmt.time(a.created_at)} · {t('staff.logBy', { name: a.staff_name })}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
