import type { MessageKey } from '@/lib/i18n';
import type { PointsEntry } from '../api';

/**
 * What a history line is called, from its entry type and source (the pair is the line's machine code). An
 * adjustment written with a member text shows that text instead (the caller checks `member_text` first).
 */
const BY_SOURCE: Record<string, MessageKey> = {
  'bonus|birthday': 'pointLife.lineBirthday',
  'bonus|signup': 'pointLife.lineSignup',
  'adjust|import': 'pointLife.lineImported',
  'refund|order_cancelled': 'pointLife.lineCancelled',
  'refund|reward_uncollected': 'pointLife.lineUncollected',
  'refund|purchase_refund': 'pointLife.linePurchaseRefund',
};
const BY_TYPE: Record<string, MessageKey> = {
  earn: 'points.received',
  bonus: 'points.received',
  redeem: 'points.used',
  adjust: 'pointLife.lineAdjusted',
  expire: 'pointLife.lineExpired',
  reverse: 'pointLife.lineReversed',
  refund: 'pointLife.lineCancelled',
};

export function lineKey(entry: Pick<PointsEntry, 'entry_type' | 'source' | 'loyalty_points'>): MessageKey {
  return BY_SOURCE[`${entry.entry_type}|${entry.source}`] ?? BY_TYPE[entry.entry_type] ?? (entry.loyalty_points < 0 ? 'points.used' : 'points.received');
}

/** Only an adjustment carries words written for the member. */
export const memberText = (entry: Pick<PointsEntry, 'entry_type' | 'member_text'>): string | null =>
  entry.entry_type === 'adjust' && entry.member_text ? entry.member_text : null;
