import type { FastifyBaseLogger } from 'fastify';

/** An outside service reached over HTTP (the SMS and mail adapters): POST JSON, optional bearer token. */
export interface Gateway {
  url: string;
  token?: string;
}

export class GatewayUnavailable extends Error {}

/** Posts one message; anything but a 2xx answer within 10 s is a GatewayUnavailable (logged, never swallowed). */
export async function postToGateway(gateway: Gateway, body: unknown, log: FastifyBaseLogger, what: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(gateway.token ? { authorization: `Bearer ${gateway.token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    log.error({ err }, `${what} gateway unreachable`);
    throw new GatewayUnavailable('gateway unreachable');
  }
  if (!res.ok) {
    log.error({ status: res.status }, `${what} gateway refused the message`);
    throw new GatewayUnavailable(`gateway answered ${res.status}`);
  }
}
