import * as v from 'valibot';
import { pageParam, textParam } from '../kit/search-params';

/** The list's address: /admin/staff?q=&page= */
export const STAFF_SEARCH = v.object({ q: textParam, page: pageParam });
