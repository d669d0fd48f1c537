import type { Executor } from '../../db/client';
import { validationError } from '../../frappe/errors';
import { tierOf, type Program } from '../loyalty/ledger';
import { orderedQty, takeStock } from './repository';
import type { PricedLine } from './pricing';

/**
 * The item rules an order must meet at the moment it is written, checked inside its transaction (the member's
 * row is locked, so two orders of one member are checked one after the other):
 * - a reward limited to some tiers only goes to members of those tiers;
 * - a per-member limit counts every unit the member ever ordered;
 * - counted stock is taken unit by unit and never goes below zero, whoever else orders at the same time.
 * Answers whether an item ran out (the catalogue's page memory is then stale).
 */
export async function enforceItemRules(tx: Executor, customer: string, program: Program | null, lines: PricedLine[]): Promise<boolean> {
  if (lines.some((l) => l.points > 0 && l.item.eligible_tiers.length > 0)) {
    const tier = program ? (await tierOf(tx, customer, program.name)).tier_name : null;
    const refused = lines.find((l) => l.points > 0 && l.item.eligible_tiers.length > 0 && !(tier && l.item.eligible_tiers.includes(tier)));
    if (refused) throw validationError(`${refused.item.item_name} is not available for your tier`, 'tier_not_eligible');
  }
  const limited = lines.filter((l) => l.item.per_member_limit !== null);
  if (limited.length) {
    const before = await orderedQty(tx, customer, limited.map((l) => l.item.item_code));
    for (const l of limited) {
      const limit = l.item.per_member_limit!;
      if ((before.get(l.item.item_code) ?? 0) + l.qty > limit) {
        throw validationError(`${l.item.item_name}: at most ${limit} per member`, 'over_member_limit');
      }
    }
  }
  let ranOut = false;
  // Always in code order: two orders taking the same two items lock them in the same order (no deadlock). An item
  // whose stock was not counted when the order was priced is left alone (one query fewer for most orders).
  const counted = lines.filter((l) => l.item.stock_qty !== null);
  for (const l of counted.sort((a, b) => (a.item.item_code < b.item.item_code ? -1 : 1))) {
    const left = await takeStock(tx, l.item.item_code, l.qty);
    if (left === null) throw validationError(`${l.item.item_code} Not in Stock`, 'out_of_stock');
    if (left === 0) ranOut = true;
  }
  return ranOut;
}
