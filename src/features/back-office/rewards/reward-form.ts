import * as v from 'valibot';
import { ItemCreateSchema, ItemUpdateSchema, scheduleInOrder, type ItemDoc } from '../../../../contracts/catalog-admin';

/** The editor's state: text inputs hold strings, numbers are '' when unset. */
export interface RewardForm {
  item_code: string;
  item_name: string;
  item_group: string;
  description: string;
  website_image: string;
  price_list_rate: number | '';
  loyalty_points_based_price: number | '';
  tags: string[];
  item_schedule_start: string;
  item_schedule_end: string;
  published: boolean;
  count_stock: boolean;
  stock_qty: number | '';
  in_stock: boolean;
  per_member_limit: number | '';
  eligible_tiers: string[];
}

export const EMPTY_REWARD: RewardForm = {
  item_code: '',
  item_name: '',
  item_group: 'Gift',
  description: '',
  website_image: '',
  price_list_rate: 0,
  loyalty_points_based_price: '',
  tags: [],
  item_schedule_start: '',
  item_schedule_end: '',
  published: false,
  count_stock: true,
  stock_qty: 0,
  in_stock: true,
  per_member_limit: '',
  eligible_tiers: [],
};

export function formOf(item: ItemDoc): RewardForm {
  return {
    item_code: item.item_code,
    item_name: item.item_name,
    item_group: item.item_group,
    description: item.description ?? '',
    website_image: item.website_image ?? '',
    price_list_rate: item.price_list_rate ?? 0,
    loyalty_points_based_price: item.loyalty_points_based_price ?? '',
    tags: item.tags ?? [],
    item_schedule_start: item.item_schedule_start ?? '',
    item_schedule_end: item.item_schedule_end ?? '',
    published: Boolean(item.published),
    count_stock: item.stock_qty !== null,
    stock_qty: item.stock_qty ?? 0,
    in_stock: item.in_stock,
    per_member_limit: item.per_member_limit ?? '',
    eligible_tiers: item.eligible_tiers ?? [],
  };
}

const orNull = (n: number | '') => (n === '' ? null : n);

/** What the server is sent: every writable field, unset numbers as null (an uncounted stock says in or out). */
export function bodyOf(form: RewardForm) {
  return {
    item_name: form.item_name.trim(),
    item_group: form.item_group.trim(),
    description: form.description,
    website_image: form.website_image || null,
    price_list_rate: form.price_list_rate === '' ? 0 : form.price_list_rate,
    loyalty_points_based_price: orNull(form.loyalty_points_based_price),
    tags: form.tags,
    item_schedule_start: form.item_schedule_start || null,
    item_schedule_end: form.item_schedule_end || null,
    published: form.published,
    stock_qty: form.count_stock ? (form.stock_qty === '' ? 0 : form.stock_qty) : null,
    ...(form.count_stock ? {} : { in_stock: form.in_stock }),
    per_member_limit: orNull(form.per_member_limit),
    eligible_tiers: form.eligible_tiers,
  };
}

/** The fields the editor marks; `schedule` is the pair of days (shown on the end). */
export type RewardFormErrors = Partial<Record<keyof RewardForm | 'schedule', true>>;

/**
 * The editor's check: the contract the server holds the item to (a new item's, with its code, or an update's) on
 * what would be sent, and the schedule's order; each field it refuses is marked.
 */
export function checkReward(form: RewardForm, creating: boolean): RewardFormErrors {
  const errors: RewardFormErrors = {};
  const parsed = creating ? v.safeParse(ItemCreateSchema, { item_code: form.item_code, ...bodyOf(form) }) : v.safeParse(ItemUpdateSchema, bodyOf(form));
  for (const issue of parsed.issues ?? []) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && key in form) errors[key as keyof RewardForm] = true;
  }
  if (!scheduleInOrder(form.item_schedule_start, form.item_schedule_end)) errors.schedule = true;
  return errors;
}
