import * as v from 'valibot';
import { AUDIT_ACTIONS, AUDIT_DOCTYPES } from '../../../../contracts/audit-vocabulary';
import { choiceParam, dayParam, dirParam, pageParam, textParam } from '../kit/search-params';

export const SORTABLE = ['creation', 'user', 'action'] as const;
/** The log's address: /admin/audit?who=&what=&doctype=&from=&to=&page=&sort=&dir= */
export const AUDIT_SEARCH = v.object({ who: textParam, what: choiceParam(AUDIT_ACTIONS), doctype: choiceParam(AUDIT_DOCTYPES), from: dayParam, to: dayParam, page: pageParam, sort: choiceParam(SORTABLE), dir: dirParam });
