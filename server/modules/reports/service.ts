import type { Db, Executor } from '../../db/client';
import { today } from '../../../contracts/business-day';
import type { Dashboard, DashboardQuery, Movements } from '../../../contracts/reports';
import { addDays } from '../programme/rules';
import { rulesOn } from '../programme/versions';
import { defaultProgram } from '../programme/service';
import { expirePoints } from '../loyalty/jobs';
import {
  activeMembers, activeMembersByBranch, firstActivityDay, lastSnapshotDay, membersBy, movementsByDayBranch, newMembers, outstandingChange, outstandingOn,
  rewardOrdersByDayBranch, rewardUnitsByDay, snapshotBranchRows, snapshotDailyRows, snapshotRewardRows, snapshotRow, tierCounts, writeSnapshot,
  type DailyBranchRow, type DailyRow, type RewardUnits,
} from './repository';

const ZERO: Movements = { issued: 0, redeemed: 0, refunded: 0, expired: 0, adjusted: 0, reversed: 0 };
const KEYS = Object.keys(ZERO) as (keyof Movements)[];
const add = <T extends Movements>(into: T, row: Movements) => {
  for (const k of KEYS) into[k] += row[k];
  return into;
};

/** Every day from `from` to `to`, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Consecutive runs of days, so the ledger is read once per run rather than once per day. */
function runs(days: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (const d of days) {
    const last = out[out.length - 1];
    if (last && addDays(last[1], 1) === d) last[1] = d;
    else out.push([d, d]);
  }
  return out;
}

const mergeRewards = (rows: RewardUnits[]) => {
  const by = new Map<string, RewardUnits>();
  for (const r of rows) {
    const key = `${r.day}\u0000${r.branch}\u0000${r.item_code}`;
    const seen = by.get(key);
    if (seen) {
      seen.units += r.units;
      seen.points += r.points;
    } else by.set(key, { ...r });
  }
  return [...by.values()];
};

/**
 * One finished day's figures straight from the ledger and the orders: what the snapshot keeps for it. Its queries run
 * side by side, so give it the database (a pool), not a transaction.
 */
export async function computeDay(db: Db, day: string): Promise<{ daily: DailyRow; branches: DailyBranchRow[]; rewards: RewardUnits[] }> {
  const before = addDays(day, -1);
  const [moves, orders, active, all, previous, total, joined, tiers, rewards] = await Promise.all([
    movementsByDayBranch(db, day, day),
    rewardOrdersByDayBranch(db, day, day),
    activeMembersByBranch(db, day),
    activeMembers(db, day),
    snapshotRow(db, before),
    membersBy(db, day),
    newMembers(db, day, day),
    tierCounts(db),
    rewardUnitsByDay(db, day, day),
  ]);
  // The day before's snapshot plus what changed: two index reads instead of summing the whole ledger.
  const outstanding = previous ? previous.outstanding + (await outstandingChange(db, day, before)) : await outstandingOn(db, day);
  const names = new Set([...moves.map((m) => m.branch), ...orders.map((o) => o.branch), ...active.keys()]);
  const branches = [...names].map((branch) => ({
    day,
    branch,
    ...(moves.find((m) => m.branch === branch) ?? ZERO),
    reward_orders: orders.find((o) => o.branch === branch)?.orders ?? 0,
    active_30: active.get(branch)?.active_30 ?? 0,
    active_90: active.get(branch)?.active_90 ?? 0,
  }));
  return {
    daily: { day, members_total: total, new_members: joined, outstanding, active_30: all.active_30, active_90: all.active_90, tiers },
    branches: branches.map(({ day: d, branch, issued, redeemed, refunded, expired, adjusted, reversed, reward_orders, active_30, active_90 }) => ({
      day: d, branch, issued, redeemed, refunded, expired, adjusted, reversed, reward_orders, active_30, active_90,
    })),
    rewards: mergeRewards(rewards).filter((r) => r.units !== 0 || r.points !== 0),
  };
}

/** Days one run snapshots at most (a first run on years of history catches up over a few runs). */
const MAX_DAYS_PER_RUN = 120;

export interface SnapshotResult {
  day: string;
  written: number;
  through: string | null;
}

/**
 * The daily snapshot job: every finished day not snapshotted yet, oldest first, one transaction per day (written
 * once: a day another instance wrote first is left as it is). Expiries are posted first, so a day's "expired" is
 * complete before it is kept for good.
 */
export async function snapshotReports(db: Db, now: Date): Promise<SnapshotResult> {
  const day = today(now.getTime());
  await expirePoints(db, now);
  const yesterday = addDays(day, -1);
  const last = await lastSnapshotDay(db);
  const first = last ? addDays(last, 1) : await firstActivityDay(db);
  const result: SnapshotResult = { day, written: 0, through: last };
  if (!first) return result;
  for (const d of daysBetween(first, yesterday).slice(0, MAX_DAYS_PER_RUN)) {
    // Read on the pool (the day is over: nothing more is written for it), then written in one transaction.
    const figures = await computeDay(db, d);
    const wrote = await db.transaction((tx) => writeSnapshot(tx, figures.daily, figures.branches, figures.rewards));
    if (wrote) result.written += 1;
    result.through = d;
  }
  return result;
}

export interface DashboardOptions {
  /** false: every figure from the ledger (the reference the snapshot must equal, and the benchmark's baseline). */
  snapshot?: boolean;
  /** The day the figures are live for (today). */
  asOf?: string;
}

/**
 * member_rewards.reports.dashboard. Past days come from the snapshot where it has them, the rest (today, and any
 * day not snapshotted yet) from the ledger; the standing figures (members, outstanding, tiers, active members) are
 * those at the end of the range, from its day's snapshot or live.
 */
export async function dashboard(db: Executor, q: DashboardQuery, opts: DashboardOptions = {}): Promise<Dashboard> {
  const asOf = opts.asOf ?? today();
  const useSnapshot = opts.snapshot !== false;
  const branch = q.branch || null;
  const filter = branch ?? undefined;
  const end = q.to_date < asOf ? q.to_date : asOf;
  const days = q.from_date <= end ? daysBetween(q.from_date, end) : [];
  const pastEnd = end < asOf ? end : addDays(asOf, -1);
  const snapshots = useSnapshot && days.length && q.from_date <= pastEnd ? await snapshotDailyRows(db, q.from_date, pastEnd) : [];
  const kept = new Set(snapshots.map((r) => r.day));
  const fromLedger = days.filter((d) => !kept.has(d));

  // Movements and reward orders, per day and branch.
  const rows: (Movements & { day: string; branch: string; reward_orders: number })[] = [];
  const rewards: RewardUnits[] = [];
  let joined = 0;
  if (kept.size) {
    const [snap, snapRewards] = await Promise.all([snapshotBranchRows(db, q.from_date, pastEnd), snapshotRewardRows(db, q.from_date, pastEnd)]);
    rows.push(...snap);
    rewards.push(...snapRewards);
    joined += snapshots.reduce((s, r) => s + r.new_members, 0);
  }
  for (const [from, to] of runs(fromLedger)) {
    const [moves, orders, units, fresh] = await Promise.all([
      movementsByDayBranch(db, from, to),
      rewardOrdersByDayBranch(db, from, to),
      rewardUnitsByDay(db, from, to),
      newMembers(db, from, to),
    ]);
    const keyed = new Map<string, Movements & { day: string; branch: string; reward_orders: number }>();
    for (const m of moves) keyed.set(`${m.day}\u0000${m.branch}`, { ...m, reward_orders: 0 });
    for (const o of orders) {
      const key = `${o.day}\u0000${o.branch}`;
      const row = keyed.get(key) ?? { day: o.day, branch: o.branch, ...ZERO, reward_orders: 0 };
      row.reward_orders += o.orders;
      keyed.set(key, row);
    }
    rows.push(...keyed.values());
    rewards.push(...units);
    joined += fresh;
  }

  const mine = rows.filter((r) => filter === undefined || r.branch === filter);
  const daily = days.map((day) => {
    const row = { day, ...ZERO, reward_orders: 0 };
    for (const r of mine.filter((x) => x.day === day)) {
      add(row, r);
      row.reward_orders += r.reward_orders;
    }
    return row;
  });
  const totals = daily.reduce((t, d) => add(t, d), { ...ZERO });
  const rewardOrders = daily.reduce((s, d) => s + d.reward_orders, 0);

  // Standing figures at the end of the range.
  const endSnapshot = end < asOf ? (snapshots.find((r) => r.day === end) ?? null) : null;
  let standing: { total: number; outstanding: number; tiers: Record<string, number>; active_30: number; active_90: number };
  if (endSnapshot) {
    const branchRow = filter === undefined ? null : (await snapshotBranchRows(db, end, end, filter))[0];
    standing = {
      total: endSnapshot.members_total,
      outstanding: endSnapshot.outstanding,
      tiers: endSnapshot.tiers as Record<string, number>,
      active_30: filter === undefined ? endSnapshot.active_30 : (branchRow?.active_30 ?? 0),
      active_90: filter === undefined ? endSnapshot.active_90 : (branchRow?.active_90 ?? 0),
    };
  } else {
    const yesterday = addDays(end, -1);
    const previous = useSnapshot ? await snapshotRow(db, yesterday) : null;
    const [total, outstanding, tiers, active] = await Promise.all([
      membersBy(db, end),
      previous ? outstandingChange(db, end, yesterday).then((c) => previous.outstanding + c) : outstandingOn(db, end),
      tierCounts(db),
      activeMembers(db, end, filter),
    ]);
    standing = { total, outstanding, tiers, ...active };
  }

  const program = await defaultProgram(db);
  const rules = program ? await rulesOn(db, program, end) : null;
  const pointValue = rules?.rules.point_value_baht ?? 1;
  const order = (rules?.rules.tiers ?? []).map((t) => t.name);
  const rank = (tier: string) => (tier === '' ? -1 : order.includes(tier) ? order.indexOf(tier) : order.length);

  const byItem = new Map<string, { item_code: string; item_name: string; units: number; points: number }>();
  for (const r of rewards.filter((x) => filter === undefined || x.branch === filter)) {
    const seen = byItem.get(r.item_code) ?? { item_code: r.item_code, item_name: r.item_name, units: 0, points: 0 };
    // One name per item whatever order the days come in (an item renamed meanwhile has had two).
    if (r.item_name < seen.item_name) seen.item_name = r.item_name;
    seen.units += r.units;
    seen.points += r.points;
    byItem.set(r.item_code, seen);
  }
  const byBranch = new Map<string, { branch: string; issued: number; redeemed: number; reward_orders: number }>();
  for (const r of rows) {
    const seen = byBranch.get(r.branch) ?? { branch: r.branch, issued: 0, redeemed: 0, reward_orders: 0 };
    seen.issued += r.issued;
    seen.redeemed += r.redeemed;
    seen.reward_orders += r.reward_orders;
    byBranch.set(r.branch, seen);
  }

  return {
    from_date: q.from_date,
    to_date: q.to_date,
    branch,
    as_of: asOf,
    members: { total: standing.total, new: joined, active_30: standing.active_30, active_90: standing.active_90 },
    points: { ...totals, outstanding: standing.outstanding },
    point_value_baht: pointValue,
    liability_baht: Math.round(standing.outstanding * pointValue * 100) / 100,
    redemption_rate: totals.issued > 0 ? Math.round(((totals.redeemed - totals.refunded) / totals.issued) * 10_000) / 10_000 : null,
    reward_orders: rewardOrders,
    daily,
    top_rewards: [...byItem.values()]
      .filter((r) => r.units > 0)
      .sort((a, b) => b.units - a.units || b.points - a.points || a.item_code.localeCompare(b.item_code))
      .slice(0, 10),
    branch_ranking: [...byBranch.values()]
      .filter((r) => r.branch !== '' && (r.issued || r.redeemed || r.reward_orders))
      .sort((a, b) => b.issued + b.redeemed - (a.issued + a.redeemed) || b.reward_orders - a.reward_orders || a.branch.localeCompare(b.branch)),
    // Lowest tier first ('' : members below every tier come first of all).
    tier_distribution: Object.entries(standing.tiers)
      .map(([tier, members]) => ({ tier, members: Number(members) }))
      .sort((a, b) => rank(a.tier) - rank(b.tier) || a.tier.localeCompare(b.tier)),
    snapshot: { through: useSnapshot ? await lastSnapshotDay(db) : null, days_from_snapshot: kept.size, days_from_ledger: fromLedger.length },
  };
}
