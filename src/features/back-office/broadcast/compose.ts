import * as v from 'valibot';
import type { MessageKey } from '@/lib/i18n';
import { BroadcastArgs, type BroadcastInput } from '../../../../contracts/broadcast';

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

/** The field of the draft each argument of the contract comes from, by its path in the arguments. */
const FIELD_OF: Record<string, keyof Draft> = {
  'title/th': 'titleTh',
  'title/en': 'titleEn',
  'body/th': 'bodyTh',
  'body/en': 'bodyEn',
  url: 'url',
  'segment/last_activity/days': 'days',
  'segment/tiers': 'tiers',
  'segment/branches': 'branches',
};

/**
 * The server's contract (`BroadcastArgs`) applied to what preview and send would take, each refusal placed on the
 * field it comes from and said in the manager's language before anything is sent.
 */
export function checkDraft(d: Draft): DraftErrors {
  const errors: DraftErrors = {};
  for (const issue of v.safeParse(BroadcastArgs, toInput(d)).issues ?? []) {
    const path = (issue.path ?? []).map((p) => String(p.key));
    const field = FIELD_OF[path.join('/')] ?? FIELD_OF[path.slice(0, 2).join('/')];
    if (!field || errors[field]) continue;
    if (field === 'url') errors.url = { key: 'broadcast.badUrl' };
    else if (field === 'days') errors.days = { key: 'broadcast.badDays' };
    else if (issue.type === 'max_length') errors[field] = { key: 'broadcast.tooLong', params: { max: Number(issue.requirement) } };
    else errors[field] = { key: 'broadcast.required' };
  }
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
