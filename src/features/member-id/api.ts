import type { LoyaltyProgram } from '@/entities/loyalty';

export { loyaltyProgramQuery, type LoyaltyProgram } from '@/entities/loyalty';

/** Baht the member's points are worth, or null when the programme gives points no cash value. */
export function walletBaht(points: number, program: LoyaltyProgram | null | undefined): number | null {
  if (!program || !(program.conversion_factor > 0)) return null;
  return Math.round(points * program.conversion_factor * 100) / 100;
}
