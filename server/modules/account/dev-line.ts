import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { DEMO_LINE_SUB } from './dev-identity';
import { CALLBACK_PATH, DEV_AUTHORIZE_PATH, DEV_CHANNEL_ID, issueDevCode, lineMode } from './line';
import { userByLineSub } from './repository';

/**
 * The development LINE: a sign-in page served by this server when no LINE channel is configured. It plays
 * LINE's part (the member picks the demo member or types a display name), then sends the browser back to
 * the callback with a code, exactly like LINE would. Refused in production and when real LINE is set up.
 */

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The same typed name is the same development LINE account (so signing in again finds it). */
export function devSubFor(displayName: string) {
  return `U${createHash('sha256').update(`dev-line:${displayName.trim().toLowerCase()}`).digest('hex').slice(0, 32)}`;
}

/** A page of the development LINE (sign-in here, the LIFF stand-in's consent in dev-liff.ts). */
export function page(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="th"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>LINE (development)</title><style>
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Noto Sans Thai",sans-serif;background:#f5f6f7;color:#1c1c1c}
main{max-width:420px;margin:0 auto;padding:32px 20px}
.logo{width:64px;height:64px;border-radius:16px;background:#06c755;color:#fff;font-weight:800;display:flex;align-items:center;justify-content:center;font-size:20px;margin:0 auto 12px}
h1{font-size:20px;text-align:center;margin:0 0 4px}.note{font-size:13px;color:#666;text-align:center;margin:0 0 24px}
.card{background:#fff;border-radius:14px;padding:18px;margin-bottom:16px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
label{display:block;font-size:14px;margin-bottom:6px}input[type=text]{width:100%;font-size:16px;padding:12px;border:1px solid #ccc;border-radius:10px}
button{width:100%;min-height:48px;font-size:16px;font-weight:600;border:0;border-radius:10px;background:#06c755;color:#fff;margin-top:12px;cursor:pointer}
button.secondary{background:#fff;color:#06c755;border:1px solid #06c755}a{color:#555;display:block;text-align:center;font-size:14px;margin-top:8px}
.err{color:#c92a2a;font-size:14px}
</style></head><body><main>${body}</main></body></html>`);
}

/**
 * The development LINE account chosen on one of its pages: the demo member, or the account of a typed display name
 * (1-60 characters). The same choice always gives the same `sub`, so LINE Login and LIFF find the same member.
 */
export async function chosenAccount(db: Executor, who: string | undefined, displayName: string | undefined) {
  if (who === 'demo') {
    const demo = await userByLineSub(db, DEMO_LINE_SUB);
    return demo ? { sub: DEMO_LINE_SUB, name: demo.full_name } : ('no-demo' as const);
  }
  const name = (displayName ?? '').trim();
  return name.length < 1 || name.length > 60 ? ('bad-name' as const) : { sub: devSubFor(name), name };
}

export function registerDevLine(app: FastifyInstance, deps: { database: Database; config: ServerConfig }) {
  const { db } = deps.database;
  const available = () => lineMode(deps.config)?.kind === 'dev';

  app.get<{ Querystring: Record<string, string | undefined> }>(DEV_AUTHORIZE_PATH, async (req, reply) => {
    if (!available()) return page(reply, 404, '<h1>Not found</h1>');
    const q = req.query;
    if (q.response_type !== 'code' || q.client_id !== DEV_CHANNEL_ID || !q.state || !q.nonce || q.redirect_uri !== CALLBACK_PATH) {
      return page(reply, 400, '<h1>Invalid sign-in request</h1><p class="note">response_type, client_id, redirect_uri, state and nonce are required.</p>');
    }
    const demo = await userByLineSub(db, DEMO_LINE_SUB);
    const hidden = `<input type="hidden" name="state" value="${esc(q.state)}"><input type="hidden" name="nonce" value="${esc(q.nonce)}">`;
    const error = q.error === 'name' ? '<p class="err">กรุณากรอกชื่อที่แสดง (1-60 ตัวอักษร)</p>' : '';
    const cancel = `${CALLBACK_PATH}?${new URLSearchParams({ error: 'access_denied', state: q.state }).toString()}`;
    return page(
      reply,
      200,
      `<div class="logo" aria-hidden="true">LINE</div>
<h1>เข้าสู่ระบบด้วย LINE</h1>
<p class="note">หน้าทดสอบสำหรับการพัฒนา: เซิร์ฟเวอร์นี้ทำหน้าที่แทน LINE (development sign-in)</p>
${demo ? `<form class="card" method="get" action="${DEV_AUTHORIZE_PATH}/approve">${hidden}<input type="hidden" name="who" value="demo">
<label>สมาชิกตัวอย่าง</label><button type="submit" class="secondary">เข้าสู่ระบบเป็น ${esc(demo.full_name)}</button></form>` : ''}
<form class="card" method="get" action="${DEV_AUTHORIZE_PATH}/approve">${hidden}<input type="hidden" name="who" value="typed">
<label for="display_name">ชื่อที่แสดงใน LINE (Display name)</label>
<input id="display_name" name="display_name" type="text" maxlength="60" autocomplete="off" required>${error}
<button type="submit">ดำเนินการต่อ</button></form>
<a href="${esc(cancel)}">ยกเลิก</a>`,
    );
  });

  // A GET form: no CSRF token exists on this page, and the code is useless without the browser's state cookie.
  app.get<{ Querystring: Record<string, string | undefined> }>(`${DEV_AUTHORIZE_PATH}/approve`, async (req, reply) => {
    if (!available()) return page(reply, 404, '<h1>Not found</h1>');
    const { state, nonce, who } = req.query;
    if (!state || !nonce) return page(reply, 400, '<h1>Invalid sign-in request</h1>');
    const identity = await chosenAccount(db, who, req.query.display_name);
    if (identity === 'no-demo') return page(reply, 404, '<h1>The demo member does not exist</h1>');
    if (identity === 'bad-name') {
      const back = new URLSearchParams({
        response_type: 'code',
        client_id: DEV_CHANNEL_ID,
        redirect_uri: CALLBACK_PATH,
        state,
        nonce,
        scope: 'openid profile',
        error: 'name',
      });
      return reply.redirect(`${DEV_AUTHORIZE_PATH}?${back.toString()}`, 302);
    }
    const code = await issueDevCode(db, identity, nonce);
    return reply.header('cache-control', 'no-store').redirect(`${CALLBACK_PATH}?${new URLSearchParams({ code, state }).toString()}`, 302);
  });
}
