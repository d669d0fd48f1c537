import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { expiryScheduleQuery } from '@/entities/loyalty';
import { useLang, useT } from '@/lib/i18n';
import { formatDay } from '@/lib/format/dates';
import { formatNumber } from '@/lib/format/numbers';
import classes from './points.module.css';
import '@mantine/core/styles/Badge.css';

/** Batches shown before "show all": the soonest are the ones that matter. */
export const SCHEDULE_SHOWN = 3;

/** What expires when, batch by batch, soonest first (the order points are spent in). Nothing while it loads. */
export function ExpirySchedule() {
  const t = useT();
  const [lang] = useLang();
  const [all, setAll] = useState(false);
  const { data } = useQuery(expiryScheduleQuery());
  if (!data) return null;
  const batches = all ? data.batches : data.batches.slice(0, SCHEDULE_SHOWN);
  return (
    <Paper withBorder radius="lg" mx="md" p="md" component="section" aria-labelledby="expiry-schedule-title" data-testid="expiry-schedule">
      <Text fw={700} id="expiry-schedule-title" mb="xs">
        {t('pointLife.scheduleTitle')}
      </Text>
      {data.batches.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('pointLife.scheduleEmpty')}
        </Text>
      ) : (
        <ul className={classes.list}>
          {batches.map((b) => (
            <li key={b.batch} className={classes.batch} data-testid="expiry-batch" data-expiry={b.expiry_date}>
              <div>
                <Text fw={600} size="sm">
                  {t('pointLife.scheduleExpires', { date: formatDay(b.expiry_date, lang) })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('pointLife.scheduleEarned', { date: formatDay(b.posting_date, lang) })}
                </Text>
              </div>
              <Group gap={6} wrap="nowrap">
                {b.days_left <= 30 ? (
                  <Badge color={b.days_left <= 7 ? 'red' : 'yellow'} variant="light" radius="sm">
                    {b.days_left <= 0 ? t('pointLife.scheduleToday') : t('pointLife.scheduleDaysLeft', { count: formatNumber(b.days_left, lang) })}
                  </Badge>
                ) : null}
                <Text fw={700} size="sm" className={classes.nowrap}>
                  {t('pointLife.scheduleRow', { count: formatNumber(b.available, lang) })}
                </Text>
              </Group>
            </li>
          ))}
        </ul>
      )}
      {data.batches.length > SCHEDULE_SHOWN ? (
        <Button variant="subtle" size="compact-sm" mt="xs" onClick={() => setAll((x) => !x)}>
          {all ? t('pointLife.scheduleShowLess') : t('pointLife.scheduleShowAll', { count: formatNumber(data.batches.length, lang) })}
        </Button>
      ) : null}
    </Paper>
  );
}
