import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { purgeIdempotencyKeys } from '../../frappe/idempotency';
import { numberSetting } from '../settings/repository';
import { ACCESS_LOG_DAYS_DEFAULT } from '../../../contracts/privacy';
import {
  dropAccessLogBefore, dropDeliveredNotificationsBefore, dropExpiredCredentials, dropOtpCodesBefore, dropOutboxesBefore,
  dropSettledWebhookDeliveriesBefore,
} from './retention-repository';

/**
 * Keep only what is needed: each kind of record is dropped once it has served its purpose, by a daily job on the
 * job runner (one run per day across every instance: the slot is the job's key).
 *
 * | what | kept | why |
 * | one-time codes | 7 days | a code lives 5 minutes; the week is for looking into abuse |
 * | development SMS, mail and LINE outboxes | 7 days | they hold one-time codes |
 * | sessions and API tokens | until they expire | a credential past its lifetime signs nobody in |
 * | idempotency records | 24 hours | a retried request within a day gets the first answer |
 * | delivered notifications | 90 days | what was sent, for a member's questions |
 * | webhook deliveries, once delivered or given up | 30 days | a client's own record of what it was sent, to look into and redeliver |
 * | access-log rows | `privacy.access_log_days` (365) | who looked at whose personal data, for audits |
 */
export const RETENTION = { otpDays: 7, outboxDays: 7, notificationDays: 90, webhookDeliveryDays: 30 } as const;
export const ACCESS_LOG_DAYS_SETTING = 'privacy.access_log_days';

const DAY_MS = 24 * 60 * 60_000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

export const RETENTION_JOBS: Record<string, (db: Db, now: Date) => Promise<number>> = {
  'privacy.retention.otp_codes': (db, now) => dropOtpCodesBefore(db, daysBefore(now, RETENTION.otpDays)),
  'privacy.retention.outboxes': (db, now) => dropOutboxesBefore(db, daysBefore(now, RETENTION.outboxDays)),
  'privacy.retention.credentials': async (db, now) => (await dropExpiredCredentials(db, now)) + (await purgeIdempotencyKeys(db)),
  'privacy.retention.notifications': (db, now) => dropDeliveredNotificationsBefore(db, daysBefore(now, RETENTION.notificationDays)),
  'privacy.retention.webhook_deliveries': (db, now) => dropSettledWebhookDeliveriesBefore(db, daysBefore(now, RETENTION.webhookDeliveryDays)),
  'privacy.retention.access_log': async (db, now) => {
    const days = await numberSetting(db, ACCESS_LOG_DAYS_SETTING, ACCESS_LOG_DAYS_DEFAULT);
    return dropAccessLogBefore(db, daysBefore(now, Math.max(1, Math.floor(days))));
  },
};

export function registerRetentionJobs(app: FastifyInstance) {
  for (const [kind, run] of Object.entries(RETENTION_JOBS)) {
    app.jobs.define({
      kind,
      async run({ db, now, log }) {
        const dropped = await run(db, now);
        if (dropped) log.info({ kind, dropped }, 'retention');
      },
    });
    app.jobs.every(kind, { dailyAt: '03:45' });
  }
}
