import type { MessageKey } from '@/lib/i18n';
import type { ApiClient, ApiScope } from '../../../../contracts/api-clients';
import type { WebhookEvent } from '../../../../contracts/webhooks';

/** A sentence for each scope: what a client holding it may do. */
export const SCOPE_SENTENCE: Record<ApiScope, MessageKey> = {
  'members:read': 'apiClientsAdmin.scope_members_read',
  'points:earn': 'apiClientsAdmin.scope_points_earn',
  'points:redeem': 'apiClientsAdmin.scope_points_redeem',
  'rewards:confirm': 'apiClientsAdmin.scope_rewards_confirm',
  webhooks: 'apiClientsAdmin.scope_webhooks',
};

/** Each webhook event in words. */
export const EVENT_LABEL: Record<WebhookEvent, MessageKey> = {
  'member.created': 'apiClientsAdmin.event_member_created',
  'member.updated': 'apiClientsAdmin.event_member_updated',
  'points.earned': 'apiClientsAdmin.event_points_earned',
  'points.redeemed': 'apiClientsAdmin.event_points_redeemed',
  'points.reversed': 'apiClientsAdmin.event_points_reversed',
  'points.expired': 'apiClientsAdmin.event_points_expired',
  'points.adjusted': 'apiClientsAdmin.event_points_adjusted',
  'tier.changed': 'apiClientsAdmin.event_tier_changed',
  'reward.redeemed': 'apiClientsAdmin.event_reward_redeemed',
  'reward.confirmed': 'apiClientsAdmin.event_reward_confirmed',
  'order.cancelled': 'apiClientsAdmin.event_order_cancelled',
  'hold.captured': 'apiClientsAdmin.event_hold_captured',
  'hold.released': 'apiClientsAdmin.event_hold_released',
};

/** Why a subscription was disabled, in words (an unknown reason shows as it came). */
export const DISABLED_REASON: Record<string, MessageKey> = {
  gone: 'apiClientsAdmin.reason_gone',
  failing: 'apiClientsAdmin.reason_failing',
  manager: 'apiClientsAdmin.reason_manager',
};

export type ClientStatus = 'active' | 'rotated' | 'revoked';

/** Revoked outright; rotated once its secret has been replaced; else active. */
export const clientStatus = (c: Pick<ApiClient, 'revoked_at' | 'rotated_at'>): ClientStatus => (c.revoked_at ? 'revoked' : c.rotated_at ? 'rotated' : 'active');

export const STATUS_COLOR: Record<ClientStatus, string> = { active: 'teal', rotated: 'blue', revoked: 'gray' };
