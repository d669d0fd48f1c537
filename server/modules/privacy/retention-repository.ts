import { and, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiKeys, mailOutbox, otpCodes, sessions, smsOutbox } from '../../db/schema/auth';
import { lineOutbox, notificationDeliveries, notificationEvents } from '../../db/schema/notifications';
import { personalDataAccess } from '../../db/schema/privacy';
import { webhookDeliveries } from '../../db/schema/webhooks';

const counted = (rows: unknown[]) => rows.length;

export async function dropOtpCodesBefore(db: Executor, before: Date) {
  return counted(await db.delete(otpCodes).where(lt(otpCodes.created_at, before)).returning({ id: otpCodes.id }));
}

/** The development outboxes (SMS, mail, LINE): what would have been sent, one-time codes included. */
export async function dropOutboxesBefore(db: Executor, before: Date) {
  const sms = await db.delete(smsOutbox).where(lt(smsOutbox.created_at, before)).returning({ id: smsOutbox.id });
  const mail = await db.delete(mailOutbox).where(lt(mailOutbox.created_at, before)).returning({ id: mailOutbox.id });
  const line = await db.delete(lineOutbox).where(lt(lineOutbox.created_at, before)).returning({ id: lineOutbox.id });
  return sms.length + mail.length + line.length;
}

export async function dropExpiredCredentials(db: Executor, now: Date) {
  const s = await db.delete(sessions).where(lt(sessions.expires_at, now)).returning({ sid: sessions.sid_hash });
  const k = await db.delete(apiKeys).where(lt(apiKeys.expires_at, now)).returning({ key: apiKeys.api_key });
  return s.length + k.length;
}

/** Notifications older than `before` with nothing left to deliver (their deliveries go with them). */
export async function dropDeliveredNotificationsBefore(db: Executor, before: Date) {
  return counted(
    await db
      .delete(notificationEvents)
      .where(
        and(
          lt(notificationEvents.created_at, before),
          sql`not exists (select 1 from ${notificationDeliveries} where ${notificationDeliveries.event_id} = ${notificationEvents.id} and ${notificationDeliveries.status} = 'pending')`,
        ),
      )
      .returning({ id: notificationEvents.id }),
  );
}

export async function dropAccessLogBefore(db: Executor, before: Date) {
  return counted(await db.delete(personalDataAccess).where(lt(personalDataAccess.created_at, before)).returning({ id: personalDataAccess.id }));
}

/** Webhook deliveries made before `before` that are settled (delivered, or failed after every retry): each carries a member's id and points. */
export async function dropSettledWebhookDeliveriesBefore(db: Executor, before: Date) {
  return counted(
    await db
      .delete(webhookDeliveries)
      .where(and(lt(webhookDeliveries.created_at, before), ne(webhookDeliveries.status, 'pending')))
      .returning({ id: webhookDeliveries.id }),
  );
}
