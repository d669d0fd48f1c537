import * as v from 'valibot';
import { dayParam, textParam } from '../kit/search-params';

/** The dashboard's address: /admin/dashboard?from=&to=&branch= (the last 30 days and every branch by default). */
export const DASHBOARD_SEARCH = v.object({ from: dayParam, to: dayParam, branch: textParam });
