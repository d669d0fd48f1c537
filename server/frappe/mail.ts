import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';
import type { Executor } from '../db/client';
import { mailOutbox } from '../db/schema/auth';
import { GatewayUnavailable, postToGateway } from './gateway';

/**
 * Mail as an adapter, like SMS: an HTTP mail service when MAIL_GATEWAY_URL is set (POST JSON {to, subject, text},
 * bearer token from MAIL_GATEWAY_TOKEN); otherwise a development outbox table + a line on stdout, never in production.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export function mailMode(config: ServerConfig): 'gateway' | 'outbox' | null {
  if (config.mail) return 'gateway';
  return config.production ? null : 'outbox';
}

export async function sendMail(deps: { db: Executor; config: ServerConfig; log: FastifyBaseLogger }, mail: Mail): Promise<void> {
  const mode = mailMode(deps.config);
  if (mode === null) throw new GatewayUnavailable('no mail gateway configured');
  if (mode === 'outbox') {
    await deps.db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, body: mail.text });
    // On stdout for the same reason as the development SMS: the default log level would hide it.
    if (deps.config.logLevel !== 'silent') console.log(`[dev mail] to ${mail.to}: ${mail.subject}\n${mail.text}`);
    return;
  }
  await postToGateway(deps.config.mail!, mail, deps.log, 'Mail');
}
