import type { Executor } from '../db/client';
import { users } from '../db/schema/auth';
import { customers } from '../db/schema/customers';
import { loyaltyPrograms } from '../db/schema/loyalty';
import { eq } from 'drizzle-orm';
import { addDays, balanceOf, earnPoints, redeemPoints, refreshTier } from '../modules/loyalty/ledger';
import { today } from '../../contracts/business-day';
import { earningForMember } from '../modules/programme/service';
import { insertDeliveryNote, insertInvoice, nextInSeries } from '../modules/orders/repository';
import { deliveryNotes } from '../db/schema/orders';
import { BRANCHES, DEMO_MEMBER, LOYALTY_PROGRAM } from './constants';

/**
 * A few months of a small programme's life, so the back office's dashboard has real figures on a new installation:
 * twelve more members (numbered CUST-D…, outside the app's CUST-00001 series) who joined over the last half year,
 * earned at both branches under the programme's rules (tier multipliers and the past double-points days apply),
 * redeemed rewards (some handed over, one left uncollected past its date), one batch that expired a fortnight ago
 * and one that expires within the month. The demo member (CUST-00001) is left exactly as the app's samples show it.
 * Everything is written through the ledger's and the orders' own writers, oldest first.
 */

const FIRST = ['อนันต์', 'บุญมี', 'ชลิดา', 'ธนพล', 'กมลวรรณ', 'ปิยะ', 'วรรณา', 'สุรเชษฐ์', 'นภัสสร', 'ประเสริฐ', 'อรุณี', 'เกียรติศักดิ์'];
const LAST = ['ศรีสุข', 'ทองดี', 'ใจงาม', 'มั่นคง', 'แสงทอง', 'รุ่งเรือง', 'บุญประเสริฐ', 'พูลสวัสดิ์', 'วงศ์ใหญ่', 'สายบุญ', 'ชัยมงคล', 'เพชรรัตน์'];
const REWARDS = [
  { code: 'GIFT-TOTE', name: 'กระเป๋าผ้ารักษ์โลก', points: 15 },
  { code: 'GC-DISCOUNT-50', name: 'คูปองส่วนลด 50 บาท', points: 10 },
  { code: 'GIFT-TUMBLER', name: 'แก้วน้ำเก็บอุณหภูมิ', points: 20 },
  { code: 'GIFT-KEYCHAIN', name: 'พวงกุญแจสมาชิก', points: 10 },
] as const;

type Event = { day: string; kind: 'earn'; branch: string; amount: number } | { day: string; kind: 'redeem'; branch: string; reward: (typeof REWARDS)[number]; collected: boolean };

export async function seedActivity(tx: Executor): Promise<void> {
  const [program] = await tx.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.name, LOYALTY_PROGRAM));
  if (!program) return;
  const now = today();
  for (let i = 0; i < FIRST.length; i++) {
    const customer = `CUST-D${String(i + 1).padStart(4, '0')}`;
    const user = `demo.${i + 1}@example.com`;
    const joined = addDays(now, -(20 + ((i * 37) % 170)));
    await tx.insert(users).values({
      name: user, email: user, full_name: `${FIRST[i]} ${LAST[i]}`, first_name: FIRST[i]!, last_name: LAST[i]!, birth_date: `198${i % 10}-${String((i % 12) + 1).padStart(2, '0')}-1${i % 9}`,
      user_type: 'Website User', roles: ['Member'], language: 'th', owner: user, creation: `${joined} 03:00:00`,
    });
    await tx.insert(customers).values({ name: customer, customer_name: `${FIRST[i]} ${LAST[i]}`, user, loyalty_program: LOYALTY_PROGRAM, owner: user, creation: `${joined} 03:00:00` });

    const events: Event[] = [];
    const visits = 3 + (i % 4);
    for (let k = 0; k < visits; k++) {
      const offset = Math.min(-1, -(1 + ((i * 17 + k * 29) % 150)));
      const day = addDays(now, offset) < joined ? addDays(joined, k) : addDays(now, offset);
      events.push({ day, kind: 'earn', branch: BRANCHES[(i + k) % 2]!, amount: 300 + ((i * 97 + k * 131) % 1900) });
    }
    if (i % 3 === 0) events.push({ day: addDays(now, -(2 + i)), kind: 'redeem', branch: BRANCHES[i % 2]!, reward: REWARDS[i % REWARDS.length]!, collected: i % 2 === 0 });
    if (i === 4) events.push({ day: addDays(now, -45), kind: 'redeem', branch: BRANCHES[1], reward: REWARDS[1], collected: false });
    events.sort((a, b) => a.day.localeCompare(b.day));
    // A batch earned before the member list above: expired two weeks ago (the expiry job posts it at the first start).
    if (i === 2) events.unshift({ day: addDays(now, -380), kind: 'earn', branch: BRANCHES[0], amount: 900 });
    // One that expires within the month: its 30-day reminder is due.
    if (i === 6) events.unshift({ day: addDays(now, -345), kind: 'earn', branch: BRANCHES[1], amount: 1200 });

    for (const e of events) {
      if (e.kind === 'earn') {
        const earned = await earningForMember(tx, { customer, program, day: e.day, branch: e.branch, lines: [{ amount: e.amount }] });
        const points = earned?.earning.points ?? 0;
        if (points > 0) {
          await earnPoints(tx, { customer, program, points, purchaseAmount: e.amount, source: 'staff_award', postingDate: e.day, branch: e.branch, tier: earned?.earning.tier ?? null });
        }
        continue;
      }
      if ((await balanceOf(tx, customer, e.day)) < e.reward.points) continue;
      const year = e.day.slice(0, 4);
      const name = await nextInSeries(tx, `ACC-SINV-${year}-`);
      const { lines } = await insertInvoice(
        tx,
        {
          name, customer, order_type: 'redemption', posting_date: e.day, due_date: addDays(e.day, 30), status: 'Paid', loyalty_points: e.reward.points,
          payment_method: 'points', delivery_method: 'pickup', branch: e.branch, owner: user, creation: `${e.day} 05:00:00`,
        },
        [{ item_code: e.reward.code, item_name: e.reward.name, qty: 1, rate: 0, amount: 0, loyalty_points: e.reward.points }],
      );
      await redeemPoints(tx, { customer, program, points: e.reward.points, invoice: name, postingDate: e.day, branch: e.branch });
      const note = await insertDeliveryNote(tx, { name: await nextInSeries(tx, `MAT-DN-${year}-`), sales_invoice: name, customer, branch: e.branch, sales_invoice_item: lines[0]!.id, owner: user });
      if (e.collected) await tx.update(deliveryNotes).set({ status: 'Submitted', submitted_at: new Date(`${addDays(e.day, 1)}T04:00:00Z`) }).where(eq(deliveryNotes.name, note.name));
    }
    await refreshTier(tx, customer, now);
  }
  await refreshTier(tx, DEMO_MEMBER.customer, now);
}
