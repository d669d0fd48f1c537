import * as v from 'valibot';
import { ACCESS_KINDS, PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATUSES } from '../../../../contracts/privacy-vocabulary';
import { choiceParam, dayParam, pageParam, textParam } from '../kit/search-params';

/** The requests' address: /admin/privacy-requests?kind=&status=&page= */
export const REQUESTS_SEARCH = v.object({ kind: choiceParam(PRIVACY_REQUEST_KINDS), status: choiceParam(PRIVACY_REQUEST_STATUSES), page: pageParam });
/** The access log's address: /admin/access-log?user=&member=&what=&from=&to=&page= */
export const ACCESS_LOG_SEARCH = v.object({ user: textParam, member: textParam, what: choiceParam(ACCESS_KINDS), from: dayParam, to: dayParam, page: pageParam });
