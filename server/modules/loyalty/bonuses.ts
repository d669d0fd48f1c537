import type { Db, Executor } from '../../db/client';
import { today } from '../../../contracts/business-day';
import { rulesOn } from '../programme/versions';
import { programNames } from '../programme/repository';
import { defaultProgram } from '../programme/service';
import { earnOnce, lockCustomerRow, programOf, spendableOf } from './ledger';
import { recordEvent } from '../webhooks/events';
import { advanceJobMark, birthdayMembers, jobMark } from './repository';
import { forEachKey } from '../schedule/pages';

/**
 * Bonuses: the birthday bonus (a job, once a year in the birthday month) and the sign-up bonus (once, when the member
 * verifies their phone). Each is a batch with an event key, so it is written once whoever writes it how often.
 */

const PAGE = 200;
const BIRTHDAY_MARK = 'job:birthday_bonuses:through';

export interface BirthdayResult {
  day: string;
  granted: number;
}

/** The birthday bonus: once a year, in the member's birthday month (the key birthday:<customer>:<year> makes it once). */
export async function birthdayBonuses(db: Db, now: Date): Promise<BirthdayResult> {
  const day = today(now.getTime());
  const result: BirthdayResult = { day, granted: 0 };
  // A day's bonuses are given by its first complete run (a birth date set later that day is caught the next day).
  const done = await jobMark(db, BIRTHDAY_MARK);
  if (done && done >= day) return result;
  const fallback = await defaultProgram(db);
  for (const program of await programNames(db)) {
    const rules = await rulesOn(db, program, day);
    const points = rules?.rules.birthday_bonus ?? 0;
    if (points <= 0) continue;
    const page = (after: string, size: number) => birthdayMembers(db, { program, isDefault: program === fallback, month: day.slice(5, 7), year: day.slice(0, 4), after, limit: size });
    await forEachKey(page, PAGE, async (customer) => {
      const row = await db.transaction((tx) => grantBonus(tx, customer, 'birthday', `birthday:${customer}:${day.slice(0, 4)}`, day));
      if (row) result.granted += 1;
    });
  }
  await advanceJobMark(db, BIRTHDAY_MARK, day);
  return result;
}

/**
 * A bonus batch (birthday or sign-up) of the points the rules of `day` give, once per key, in the caller's
 * transaction under the member's lock; a blocked member gets none. Answers the row, or null when nothing was due.
 */
export async function grantBonus(tx: Executor, customer: string, source: 'birthday' | 'signup', key: string, day: string = today()) {
  const locked = await lockCustomerRow(tx, customer);
  if (!locked || locked.blocked) return null;
  const program = await programOf(tx, customer);
  const rules = program ? await rulesOn(tx, program.name, day) : null;
  const points = source === 'birthday' ? (rules?.rules.birthday_bonus ?? 0) : (rules?.rules.signup_bonus ?? 0);
  if (!program || points <= 0) return null;
  const row = await earnOnce(tx, { customer, program, points, source, postingDate: day, eventKey: key });
  if (row) await recordEvent(tx, 'points.earned', { customer, points, balance: await spendableOf(tx, customer, day) });
  return row;
}
