import type { FastifyInstance } from 'fastify';
import type { MethodDef } from './methods';
import type { DoctypeDef } from './doctypes';
import type { Database, Executor } from '../db/client';
import type { ServerConfig } from '../config';
import type { AppServices, CredentialEvent } from './context';

/** A domain of the server: its methods, its doctypes, and any plain routes it needs (redirect pages...). */
export interface ServerModule {
  name: string;
  methods?: MethodDef<any>[];
  doctypes?: DoctypeDef[];
  routes?: (app: FastifyInstance, deps: { database: Database; config: ServerConfig; services: AppServices }) => void | Promise<void>;
  /**
   * The domain's own rule when an account signs in or out or loses its credentials (the member codes of a phone
   * are revoked), run in the same transaction as the session change.
   */
  onCredentials?: (db: Executor, event: CredentialEvent) => Promise<void>;
}
