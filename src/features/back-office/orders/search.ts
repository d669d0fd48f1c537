import * as v from 'valibot';
import { ORDER_STATES, ORDER_TYPES } from './order-rules';
import { choiceParam, dayParam, dirParam, pageParam, textParam } from '../kit/search-params';

export const SORTABLE = ['name', 'customer', 'posting_date', 'loyalty_points', 'grand_total', 'branch', 'creation'] as const;
/** The list's address: /admin/orders?q=&type=&state=&branch=&from=&to=&page=&sort=&dir= */
export const ORDERS_SEARCH = v.object({ q: textParam, type: choiceParam(ORDER_TYPES), state: choiceParam(ORDER_STATES), branch: textParam, from: dayParam, to: dayParam, page: pageParam, sort: choiceParam(SORTABLE), dir: dirParam });
