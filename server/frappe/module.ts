import type { FastifyInstance } from 'fastify';
import type { MethodDef } from './methods';
import type { DoctypeDef } from './doctypes';
import type { Database } from '../db/client';
import type { ServerConfig } from '../config';
import type { AppServices } from './context';

/** A domain of the server: its methods, its doctypes, and any plain routes it needs (redirect pages...). */
export interface ServerModule {
  name: string;
  methods?: MethodDef<any>[];
  doctypes?: DoctypeDef[];
  routes?: (app: FastifyInstance, deps: { database: Database; config: ServerConfig; services: AppServices }) => void | Promise<void>;
}
