import * as v from 'valibot';
import { pageParam, textParam } from '../kit/search-params';

/** The member page's address: /admin/members/<customer>?page= (the ledger's page). */
export const MEMBER_SEARCH = v.object({ page: pageParam });
/** The search's address: /admin/members?q=&page= */
export const MEMBERS_SEARCH = v.object({ q: textParam, page: pageParam });
