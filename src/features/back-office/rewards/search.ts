import * as v from 'valibot';
import { choiceParam, dirParam, pageParam, textParam } from '../kit/search-params';

export const STATUSES = ['all', 'published', 'unpublished'] as const;
export const STOCKS = ['all', 'in', 'out'] as const;
export const SORTABLE = ['item_name', 'item_group', 'loyalty_points_based_price', 'stock_qty', 'published', 'modified'] as const;
/** The list's address: /admin/rewards?q=&group=&status=&stock=&page=&sort=&dir= */
export const REWARDS_SEARCH = v.object({ q: textParam, group: textParam, status: choiceParam(STATUSES), stock: choiceParam(STOCKS), page: pageParam, sort: choiceParam(SORTABLE), dir: dirParam });
