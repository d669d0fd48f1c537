import type { Db } from '../../db/client';
import { today } from '../../../contracts/business-day';
import { auditAs, JOB_ACTOR } from '../audit/service';
import { addDays, tierForBasis, tierWindowStart } from '../programme/rules';
import { rulesOn } from '../programme/versions';
import { programNames } from '../programme/repository';
import { defaultProgram } from '../programme/service';
import { expireDue, lockCustomerRow, spendableOf } from './ledger';
import { recordEvent } from '../webhooks/events';
import {
  advanceJobMark, batchesExpiringBetween, insertReminder, jobMark, membersToEvaluate, membersWithExpiredBatches, storeTier,
  tierBases,
} from './repository';
import { reminderWritten } from './reminder-hook';
import { forEachKey } from '../schedule/pages';

/**
 * The loyalty jobs. Each is a plain function of the database and the time, `(db, now) => result`, that any
 * scheduler may run as often as it likes on as many instances as it likes: every effect is made once by the data
 * (a unique key or a conditional update), and the work is cut into small transactions (one member, or one page of
 * reminders), so a crash halfway leaves whole units done and the next run does the rest.
 */

const PAGE = 200;
const EXPIRY_MARK = 'job:expire_points:through';
const REMINDER_MARK = 'job:expiry_reminders:through';
/** Days the expiry job looks back before its mark on each run (cheap insurance against a batch written late). */
const LOOK_BACK_DAYS = 7;

export interface ExpiryResult {
  day: string;
  members: number;
  entries: number;
  points: number;
}

/**
 * Posts an "expired" entry for what is left of every batch whose last day is over: at midnight Bangkok time the
 * batch's day ends, and the entry (−what was left) is dated the day after its last day. One transaction per member,
 * under the member's lock; the batch's event key makes the entry once.
 */
export async function expirePoints(db: Db, now: Date): Promise<ExpiryResult> {
  const day = today(now.getTime());
  const mark = await jobMark(db, EXPIRY_MARK);
  // Batches older than the mark were all handled by an earlier complete run (a clock behind the mark looks at all).
  const from = mark && mark <= day ? addDays(mark, -LOOK_BACK_DAYS) : null;
  const result: ExpiryResult = { day, members: 0, entries: 0, points: 0 };
  await forEachKey((after, size) => membersWithExpiredBatches(db, { from, before: day, after, limit: size }), PAGE, async (customer) => {
    const rows = await db.transaction(async (tx) => {
      await lockCustomerRow(tx, customer);
      const written = await expireDue(tx, customer, day);
      if (written.length) {
        await auditAs(JOB_ACTOR, tx, {
          action: 'expire_points',
          doctype: 'Customer',
          name: customer,
          after: { points: written.reduce((s, r) => s - r.loyalty_points, 0), batches: written.map((r) => r.redeem_against) },
          branch: null,
        });
        await recordEvent(tx, 'points.expired', { customer, points: written.reduce((s, r) => s - r.loyalty_points, 0), balance: await spendableOf(tx, customer, day) });
      }
      return written;
    });
    if (rows.length) result.members += 1;
    result.entries += rows.length;
    result.points += rows.reduce((s, r) => s - r.loyalty_points, 0);
  });
  await advanceJobMark(db, EXPIRY_MARK, day);
  return result;
}

export interface ReminderResult {
  day: string;
  written: number;
}

/**
 * Writes the expiry reminders due today: for every batch with points left that expires within the longest reminder
 * lead, the reminder of the nearest lead that is not past (with leads 30 and 7, a batch 20 days out gets its 30-day
 * reminder, one 5 days out its 7-day one; a day missed is caught up, never sent stale). Unique per batch and lead:
 * the second writer writes nothing. Each page of reminders commits with what the hook queued for them.
 */
export async function writeReminders(db: Db, now: Date): Promise<ReminderResult> {
  const day = today(now.getTime());
  const result: ReminderResult = { day, written: 0 };
  // A day's reminders are written by its first complete run; later runs that day have nothing to add.
  const done = await jobMark(db, REMINDER_MARK);
  if (done && done >= day) return result;
  for (const program of await programNames(db)) {
    const rules = await rulesOn(db, program, day);
    const leads = [...(rules?.rules.reminder_days ?? [])].sort((a, b) => a - b);
    if (!leads.length) continue;
    let after: { expiry: string; name: string } | null = null;
    for (;;) {
      const page = await batchesExpiringBetween(db, { program, from: day, to: addDays(day, leads[leads.length - 1]!), after, limit: PAGE });
      result.written += await db.transaction(async (tx) => {
        let written = 0;
        for (const b of page) {
          if (b.left <= 0) continue;
          const daysLeft = Math.round((Date.parse(b.expiry_date) - Date.parse(day)) / 86_400_000);
          const lead = leads.find((l) => l >= daysLeft)!;
          const row = await insertReminder(tx, { customer: b.customer, batch: b.name, days_before: lead, points: b.left, expiry_date: b.expiry_date, remind_on: day });
          if (row) {
            await reminderWritten(tx, row);
            written += 1;
          }
        }
        return written;
      });
      if (page.length < PAGE) break;
      const last = page[page.length - 1]!;
      after = { expiry: last.expiry_date, name: last.name };
    }
  }
  await advanceJobMark(db, REMINDER_MARK, day);
  return result;
}

export interface TierResult {
  day: string;
  evaluated: number;
  changed: number;
}

/**
 * Evaluates every member's tier once a day (a rolling window lowers a tier with no write at all), a page at a time:
 * one query for the page's points, one update per tier that changed, and the page marked evaluated for the day.
 */
export async function refreshTiers(db: Db, now: Date): Promise<TierResult> {
  const day = today(now.getTime());
  const fallback = await defaultProgram(db);
  const result: TierResult = { day, evaluated: 0, changed: 0 };
  const rulesOf = new Map<string, Awaited<ReturnType<typeof rulesOn>>>();
  for (;;) {
    const page = await membersToEvaluate(db, day, PAGE);
    if (!page.length) break;
    const byProgram = new Map<string, typeof page>();
    for (const m of page) {
      const program = m.program ?? fallback ?? '';
      byProgram.set(program, [...(byProgram.get(program) ?? []), m]);
    }
    await db.transaction(async (tx) => {
      for (const [program, members] of byProgram) {
        if (!rulesOf.has(program)) rulesOf.set(program, program ? await rulesOn(tx, program, day) : null);
        const rules = rulesOf.get(program)?.rules;
        const bases = rules ? await tierBases(tx, members.map((m) => m.name), tierWindowStart(rules, day), day) : new Map<string, number>();
        for (const m of members) {
          const tier = rules ? (tierForBasis(bases.get(m.name) ?? 0, rules.tiers).tier?.name ?? null) : null;
          if (tier !== m.tier) result.changed += 1;
          // Told only when this run stored it (an earning today evaluated the member already, and told of its own change).
          if ((await storeTier(tx, m.name, tier, day)) && tier !== m.tier) await recordEvent(tx, 'tier.changed', { customer: m.name, tier, previous_tier: m.tier });
        }
      }
    });
    result.evaluated += page.length;
  }
  return result;
}
