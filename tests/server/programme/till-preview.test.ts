import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tillPoints } from '../../../contracts/staff';
import type { ProgrammeRules } from '../../../contracts/programme';
import { earningFor, startingRules } from '../../../server/modules/programme/rules';

const DAY = '2026-11-24';
const hundredths = (min: number, max: number) => fc.integer({ min: min * 100, max: max * 100 }).map((n) => n / 100);

/** The till's preview and the award must agree to the point, whatever the rules: it is what the staff promise. */
describe("the till's earn preview", () => {
  it('equals what the award computes, for any amount, baht per point, rounding, tier and campaign multiplier', () => {
    fc.assert(
      fc.property(
        hundredths(0.01, 200_000),
        hundredths(0.01, 500),
        fc.constantFrom('down', 'nearest', 'up' as const),
        hundredths(1, 5),
        fc.option(hundredths(1, 5), { nil: undefined }),
        (amount, bahtPerPoint, rounding, tierMultiplier, campaignMultiplier) => {
          const base = startingRules({ collection_factor: bahtPerPoint, conversion_factor: 1, expiry_duration: 365 }, [], 500);
          const rules: ProgrammeRules = {
            ...base,
            rounding,
            tiers: [{ name: 'Gold', threshold: 0, multiplier: tierMultiplier, colour: '#d4af37', thumbnail: null }],
            campaigns: campaignMultiplier
              ? [{ id: 'double', name: 'Double', multiplier: campaignMultiplier, from_date: DAY, to_date: DAY, branches: [], item_groups: [], tiers: [] }]
              : [],
          };
          const context = { day: DAY, version: 1, branch: 'Siam', tier: 'Gold' };
          // What the till is told when the member's card is read: the same computation on an empty receipt.
          const probe = earningFor(rules, { ...context, lines: [{ amount: 0 }] });
          const earn = { baht_per_point: probe.baht_per_point, rounding: probe.rounding, multiplier: probe.lines[0]!.multiplier, campaign: null };
          expect(tillPoints(amount, earn)).toBe(earningFor(rules, { ...context, lines: [{ amount }] }).points);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('shows the multiplied figure for a Gold member on a double-points day (the plain rate would promise too little)', () => {
    expect(tillPoints(520, { baht_per_point: 25, rounding: 'down', multiplier: 1.3 * 2, campaign: 'Double' })).toBe(54);
    expect(tillPoints(520, { baht_per_point: 25, rounding: 'down', multiplier: 1, campaign: null })).toBe(20);
  });
});
