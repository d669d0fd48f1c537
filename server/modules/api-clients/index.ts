import type { ServerModule } from '../../frappe/module';
import { defineMethod } from '../../frappe/methods';
import { API_CLIENTS, CREATE_API_CLIENT, REVOKE_API_CLIENT, ROTATE_API_CLIENT } from '../../../contracts/api-clients';
import { createClient, listClients, revokeClient, rotateClient } from './service';

/**
 * API clients (contracts/api-clients.ts): the brand's own systems, each with scopes and optionally one branch.
 * Only a System Manager creates, rotates, revokes and lists them; how a client signs in and what it may call is
 * server/frappe/api-clients.ts and the dispatcher.
 */

const create = defineMethod({ ...CREATE_API_CLIENT, verbs: ['POST'], allow: ['System Manager'], handler: (ctx, args) => createClient(ctx, args) });

const rotate = defineMethod({
  ...ROTATE_API_CLIENT,
  verbs: ['POST'],
  allow: ['System Manager'],
  handler: (ctx, args) => rotateClient(ctx, args.api_key, args.grace_hours),
});

const revoke = defineMethod({ ...REVOKE_API_CLIENT, verbs: ['POST'], allow: ['System Manager'], handler: (ctx, args) => revokeClient(ctx, args.api_key) });

const list = defineMethod({ ...API_CLIENTS, verbs: ['GET'], allow: ['System Manager'], handler: (ctx) => listClients(ctx) });

export const apiClientsModule: ServerModule = { name: 'api-clients', methods: [create, rotate, revoke, list] };
