import * as v from 'valibot';
import type { MessageKey } from '@/lib/i18n';
import { BROADCAST_BODY_MAX, BROADCAST_MAX_DAYS, BROADCAST_TITLE_MAX, BroadcastUrlSchema, type BroadcastInput } from '../../../../contracts/broadcast';

/** What the manager types: the segment's filters and the message in both languages. */
export interface Draft {
  tiers: string[];
  branches: string[];
  activity: 'any' | 'active' | 'inactive';
  days: number | string;
  titleTh: string;
  titleEn: string;
  bodyTh: string;
  bodyEn: string;
  url: string;
}

export const EMPTY_DRAFT: Draft = { tiers: [], branches: [], activity: 'any', days: 90, titleTh: '', titleEn: '', bodyTh: '', bodyEn: '', url: '' };

export type DraftErrors = Partial<Record<keyof Draft, { key: MessageKey; params?: Record<string, string | number> }>>;

/** The same limits as the server's contract, said per field in the manager's language before anything is sent. */
export function checkDraft(d: Draft): DraftErrors {
  const errors: DraftErrors = {};
  const text = (field: keyof Draft, value: string, max: number) => {
    if (!value.trim()) errors[field] = { key: 'broadcast.required' };
    else if (value.trim().length > max) errors[field] = { key: 'broadcast.tooLong', params: { max } };
  };
  text('titleTh', d.titleTh, BROADCAST_TITLE_MAX);
  text('titleEn', d.titleEn, BROADCAST_TITLE_MAX);
  text('bodyTh', d.bodyTh, BROADCAST_BODY_MAX);
  text('bodyEn', d.bodyEn, BROADCAST_BODY_MAX);
  if (d.url.trim() && !v.is(BroadcastUrlSchema, d.url)) errors.url = { key: 'broadcast.badUrl' };
  const days = Number(d.days);
  if (d.activity !== 'any' && !(Number.isInteger(days) && days >= 1 && days <= BROADCAST_MAX_DAYS)) errors.days = { key: 'broadcast.badDays' };
  return errors;
}

/** The arguments of preview and send: empty filters are left out (no filter is every member). */
export function toInput(d: Draft): BroadcastInput {
  return {
    segment: {
      ...(d.tiers.length ? { tiers: d.tiers } : {}),
      ...(d.branches.length ? { branches: d.branches } : {}),
      ...(d.activity !== 'any' ? { last_activity: { mode: d.activity, days: Number(d.days) } } : {}),
    },
    title: { th: d.titleTh.trim(), en: d.titleEn.trim() },
    body: { th: d.bodyTh.trim(), en: d.bodyEn.trim() },
    ...(d.url.trim() ? { url: d.url.trim() } : {}),
  };
}
