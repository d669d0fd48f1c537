import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { frappe } from '@/lib/frappe';

const EntrySchema = v.looseObject({
  name: v.string(),
  loyalty_points: v.number(),
  posting_date: v.string(),
  expiry_date: v.optional(v.nullable(v.string()), null),
  invoice: v.optional(v.nullable(v.string()), null),
  source: v.optional(v.nullable(v.string()), null),
});
export type PointsEntry = v.InferOutput<typeof EntrySchema>;

/** headless_e_commerce.api.get_loyalty_points_details: own rows (record), balance, tier and next expiry. */
export const PointsDetailsSchema = v.looseObject({
  loyalty_points: v.number(),
  points_earned: v.optional(v.number(), 0),
  loyalty_program_tier: v.optional(v.nullable(v.string()), null),
  next_tier_name: v.optional(v.nullable(v.string()), null),
  points_to_next_tier: v.optional(v.number(), 0),
  next_expiry_date: v.optional(v.nullable(v.string()), null),
  next_expiry_points: v.optional(v.number(), 0),
  record: v.array(EntrySchema),
});
export type PointsDetails = v.InferOutput<typeof PointsDetailsSchema>;

export const pointsKeys = {
  all: ['points'] as const,
  details: () => ['points', 'details'] as const,
};

export const pointsDetailsQuery = () =>
  queryOptions({
    queryKey: pointsKeys.details(),
    queryFn: ({ signal }) => frappe.call('headless_e_commerce.api.get_loyalty_points_details', {}, { signal, schema: PointsDetailsSchema }),
    staleTime: 30 * 1000,
  });

/** Share of the way from the current tier's threshold to the next (0-100). */
export function tierProgress(d: Pick<PointsDetails, 'points_earned' | 'points_to_next_tier' | 'next_tier_name'>): number {
  if (!d.next_tier_name) return 100;
  const next = d.points_earned + d.points_to_next_tier;
  return next > 0 ? Math.max(0, Math.min(100, Math.round((d.points_earned / next) * 100))) : 0;
}
