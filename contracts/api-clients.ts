import * as v from 'valibot';
import { boundedNumber, optionalText, requiredText } from './args';
import { methodContract } from './contract';

/**
 * API clients: the brand's own systems (a till, a web shop) calling `member_rewards.integration.*` with
 * `Authorization: token <api_key>:<api_secret>`, as Frappe's API keys are sent. A client is an actor of its own,
 * never a user: it may call only the methods its scopes allow (every other method is a 403, code
 * `scope_missing`), each call is audited with the client as the actor and counted against its own rate limit, and
 * a client bound to a branch acts only for that branch. Created, rotated, revoked and listed by a System Manager.
 */

/** What a client may do: look members up, award and take back points for receipts, hold and capture points, confirm rewards, receive webhooks. */
export const API_SCOPES = ['members:read', 'points:earn', 'points:redeem', 'rewards:confirm', 'webhooks'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** Calls a client may make in a minute (one fixed window, shared by every server instance). */
export const API_CLIENT_CALLS_PER_MINUTE = 1200;

/** The most hours an old secret keeps working after a rotation. */
export const ROTATION_GRACE_HOURS_MAX = 24;

const apiKeyArg = requiredText('api_key is required', 200);

export const ApiClientSchema = v.object({
  api_key: v.string(),
  client_name: v.string(),
  scopes: v.array(v.string()),
  branch: v.nullable(v.string()),
  created_by: v.string(),
  created_at: v.string(),
  rotated_at: v.nullable(v.string()),
  /** Until when the secret before the last rotation still works (null: it does not). */
  previous_valid_until: v.nullable(v.string()),
  revoked_at: v.nullable(v.string()),
  last_used_at: v.nullable(v.string()),
});
export type ApiClient = v.InferOutput<typeof ApiClientSchema>;

/**
 * A new API client (`client_name`, `scopes`, optional `branch`): answers its `api_key` and `api_secret`. The secret is
 * shown this once and stored hashed.
 */
export const CREATE_API_CLIENT = methodContract(
  'member_rewards.api_clients.create',
  v.looseObject({
    client_name: requiredText('Client name is required', 140, 'Client name is too long'),
    scopes: v.pipe(
      v.array(v.picklist(API_SCOPES, `Each scope must be one of ${API_SCOPES.join(', ')}`), 'Scopes must be a list'),
      v.minLength(1, 'Give the client at least one scope'),
      v.transform((s) => [...new Set(s)]),
    ),
    branch: optionalText(140, 'The branch is too long'),
  }),
  v.object({ client: ApiClientSchema, api_key: v.string(), api_secret: v.string() }),
);

/**
 * A new secret for the client (answered once); the old one keeps working for `grace_hours` (0 to 24; 0: it stops at
 * once).
 */
export const ROTATE_API_CLIENT = methodContract(
  'member_rewards.api_clients.rotate',
  v.looseObject({
    api_key: apiKeyArg,
    grace_hours: v.optional(boundedNumber(0, ROTATION_GRACE_HOURS_MAX, `grace_hours must be a whole number from 0 to ${ROTATION_GRACE_HOURS_MAX}`), 0),
  }),
  v.object({ client: ApiClientSchema, api_key: v.string(), api_secret: v.string() }),
);

/** Revokes the client at once: neither its secret nor a rotated one works any more. */
export const REVOKE_API_CLIENT = methodContract('member_rewards.api_clients.revoke', v.looseObject({ api_key: apiKeyArg }), v.object({ client: ApiClientSchema }));

/** Every API client, newest first, revoked ones too (never a secret). */
export const API_CLIENTS = methodContract('member_rewards.api_clients.list', v.looseObject({}), v.array(ApiClientSchema));
