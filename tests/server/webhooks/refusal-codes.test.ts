import { serverForFile } from '../../support/file-server';
import { describe, expect, it, vi } from 'vitest';
import type { Session } from '../../support/server';
import { createClient, integrationServer } from '../integration/support';
import { W } from './support';

vi.setConfig({ testTimeout: 120_000 });

let admin: Session;
serverForFile(integrationServer, (s) => ({ admin } = s), 120_000);

/** The back office explains a refusal by its code: these two carry theirs (417, with a sentence in the app's errors catalogue). */
describe('subscribing a webhook URL is refused with a code the back office explains', () => {
  it('a URL the server will not send to: webhook_url_refused', async () => {
    const c = await createClient(admin, ['webhooks']);
    const res = await admin.call(W.subscribeFor, { api_key: c.key, url: 'https://user:secret@hooks.example.com/in', events: ['points.earned'] });
    expect(res.statusCode, res.body).toBe(417);
    expect(res.json().error_code).toBe('webhook_url_refused');
  });

  it('an eleventh subscription of one client: webhook_subscription_limit', async () => {
    const c = await createClient(admin, ['webhooks']);
    for (let i = 0; i < 10; i++) {
      const res = await admin.call(W.subscribeFor, { api_key: c.key, url: `https://hooks.example.com/in?n=${i}`, events: ['member.created'] });
      expect(res.statusCode, res.body).toBe(200);
    }
    const eleventh = await admin.call(W.subscribeFor, { api_key: c.key, url: 'https://hooks.example.com/in?n=10', events: ['member.created'] });
    expect(eleventh.statusCode).toBe(417);
    expect(eleventh.json().error_code).toBe('webhook_subscription_limit');
  });
});
