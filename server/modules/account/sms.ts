import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Executor } from '../../db/client';
import { GatewayUnavailable, postToGateway } from '../../frappe/gateway';
import { insertSms } from './repository';

/**
 * SMS as an adapter: an HTTP gateway when SMS_GATEWAY_URL is set (POST JSON {to, message}, bearer token
 * from SMS_GATEWAY_TOKEN); otherwise a development outbox table + a line on stdout, never in production.
 */
/** 0812345678 → +66812345678, the way the number reads on a phone. */
function internationalPhone(phone: string) {
  return /^0\d{9}$/.test(phone) ? `+66${phone.slice(1)}` : phone;
}

export function smsMode(config: ServerConfig): 'gateway' | 'outbox' | null {
  if (config.sms) return 'gateway';
  return config.production ? null : 'outbox';
}

export async function sendSms(
  deps: { db: Executor; config: ServerConfig; log: FastifyBaseLogger },
  phone: string,
  message: string,
): Promise<void> {
  const mode = smsMode(deps.config);
  if (mode === null) throw new GatewayUnavailable('no SMS gateway configured');
  if (mode === 'outbox') {
    await insertSms(deps.db, phone, message);
    // On stdout, not the log: the default LOG_LEVEL (warn) would hide the code the developer needs to go on.
    // Never reached in production (smsMode above); LOG_LEVEL=silent (the tests) keeps stdout quiet.
    if (deps.config.logLevel !== 'silent') console.log(`[dev SMS] code sent to ${internationalPhone(phone)}: ${message}`);
    return;
  }
  await postToGateway(deps.config.sms!, { to: phone, message }, deps.log, 'SMS');
}
