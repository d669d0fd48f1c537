import { queryOptions } from '@tanstack/react-query';
import { frappe } from '@/lib/frappe';

export interface LoyaltyProgramFacts {
  name: string;
  collection_factor: number;
  conversion_factor: number;
  expiry_duration: number;
}

/** The programme's public figures: the Wallet column shows the points' baht value with its conversion factor. */
export const loyaltyProgramQuery = (name: string | null | undefined) =>
  queryOptions({
    queryKey: ['member-id', 'loyalty-program', name ?? ''] as const,
    queryFn: ({ signal }) =>
      frappe.call<LoyaltyProgramFacts | null>('member_rewards.api.get_loyalty_program', name ? { name } : {}, { signal }),
    staleTime: 24 * 60 * 60 * 1000,
    enabled: Boolean(name),
  });

/** Baht the member's points are worth, or null when the programme gives points no cash value. */
export function walletBaht(points: number, program: LoyaltyProgramFacts | null | undefined): number | null {
  if (!program || !(program.conversion_factor > 0)) return null;
  return Math.round(points * program.conversion_factor * 100) / 100;
}
