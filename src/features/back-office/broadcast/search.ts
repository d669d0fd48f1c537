import * as v from 'valibot';
import { pageParam } from '../kit/search-params';

/** The history's address: /admin/broadcasts?page= */
export const BROADCASTS_SEARCH = v.object({ page: pageParam });
