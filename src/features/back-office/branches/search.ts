import * as v from 'valibot';
import { choiceParam, dirParam, pageParam } from '../kit/search-params';

export const SORTABLE = ['name', 'disabled'] as const;
/** The list's address: /admin/branches?page=&sort=&dir= */
export const BRANCHES_SEARCH = v.object({ page: pageParam, sort: choiceParam(SORTABLE), dir: dirParam });
