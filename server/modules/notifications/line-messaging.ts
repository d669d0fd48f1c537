import type { ServerConfig } from '../../config';
import type { Executor } from '../../db/client';
import { lineOutbox } from '../../db/schema/notifications';

/**
 * LINE Messaging API pushes as an adapter, like SMS: the push endpoint when LINE_CHANNEL_ACCESS_TOKEN is set;
 * otherwise a development outbox table and a line on stdout, never in production. Every push carries
 * X-Line-Retry-Key: LINE accepts a key once, so a delivery retried after a lost answer is not sent twice.
 */

const LINE_API = 'https://api.line.me';

export function lineMessagingMode(config: ServerConfig): 'api' | 'outbox' | null {
  if (config.lineMessaging) return 'api';
  return config.production ? null : 'outbox';
}

export type LineOutcome = { status: 'sent' } | { status: 'retry'; reason: string } | { status: 'refused'; reason: string };

export async function pushLineText(
  deps: { db: Executor; config: ServerConfig },
  message: { to: string; text: string; retryKey: string },
): Promise<LineOutcome> {
  const mode = lineMessagingMode(deps.config);
  if (mode === null) return { status: 'refused', reason: 'LINE Messaging API is not configured' };
  const messages = [{ type: 'text', text: message.text.slice(0, 5000) }];
  if (mode === 'outbox') {
    await deps.db.insert(lineOutbox).values({ to: message.to, retry_key: message.retryKey, messages }).onConflictDoNothing();
    if (deps.config.logLevel !== 'silent') console.log(`[dev LINE] to ${message.to}:\n${message.text}`);
    return { status: 'sent' };
  }
  const { accessToken, apiBase } = deps.config.lineMessaging!;
  let res: Response;
  try {
    res = await fetch(`${apiBase ?? LINE_API}/v2/bot/message/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}`, 'x-line-retry-key': message.retryKey },
      body: JSON.stringify({ to: message.to, messages }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    return { status: 'retry', reason: `LINE unreachable: ${(err as Error).message}` };
  }
  const body = await res.text().catch(() => '');
  // 409: this retry key was already accepted, i.e. the message went out on an earlier attempt.
  if ((res.status >= 200 && res.status < 300) || res.status === 409) return { status: 'sent' };
  if (res.status === 429 || res.status >= 500) return { status: 'retry', reason: `LINE answered ${res.status}` };
  return { status: 'refused', reason: `LINE answered ${res.status}: ${body.slice(0, 200)}` };
}
