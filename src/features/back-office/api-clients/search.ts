import * as v from 'valibot';
import { pageParam, textParam } from '../kit/search-params';

/** The clients' address: /admin/api-clients?page= */
export const CLIENTS_SEARCH = v.object({ page: pageParam });
/** A client's webhooks: /admin/api-clients/<key>?subscription=&page= (the subscription whose deliveries show, and their page). */
export const CLIENT_SEARCH = v.object({ subscription: textParam, page: pageParam });
