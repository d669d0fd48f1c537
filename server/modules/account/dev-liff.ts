import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { DEMO_LINE_SUB } from './dev-identity';
import { safeEqual } from '../../frappe/crypto';
import { chosenAccount, esc, page } from './dev-line';
import { devIdToken, liffMode } from './line';
import { userByLineSub } from './repository';
import { installationSecret } from './secrets';

/**
 * The development stand-in for LIFF (no LIFF_ID, no LINE channel, never in production). LIFF gives the app an
 * id_token of whoever is signed in to the LINE app; here "the LINE app" is this browser's choice on a
 * development page (the demo member or a typed display name, the same accounts as the development LINE
 * Login), kept in a signed HttpOnly cookie. The app's stand-in SDK (src/features/liff) asks for a token here and
 * sends it to liff_login, which verifies it like any LINE id_token.
 */

export const DEV_LIFF_PATH = '/api/dev/liff';
const COOKIE = 'dev_liff';
const COOKIE_DAYS = 30;

interface DevLineAccount {
  sub: string;
  name: string;
}

async function mac(db: Executor, payload: string) {
  const secret = await installationSecret(db, 'account.cookie_secret');
  return createHmac('sha256', secret).update(`dev-liff:${payload}`).digest('base64url');
}

async function readAccount(db: Executor, req: FastifyRequest): Promise<DevLineAccount | null> {
  const raw = req.cookies?.[COOKIE];
  const [payload, sig] = raw?.split('.') ?? [];
  if (!payload || !sig || !safeEqual(sig, await mac(db, payload))) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<DevLineAccount>;
    return typeof value.sub === 'string' && typeof value.name === 'string' ? { sub: value.sub, name: value.name } : null;
  } catch {
    return null;
  }
}

/** Only back into the LIFF entry of this app. */
const liffReturn = (uri: string | undefined) => (uri && /^\/liff(\/[^\s\\]*)?(\?[^\s\\]*)?$/.test(uri) && !uri.startsWith('//') ? uri : '/liff');

export function registerDevLiff(app: FastifyInstance, deps: { database: Database; config: ServerConfig }) {
  const { db } = deps.database;
  const available = () => liffMode(deps.config)?.kind === 'dev';
  const json = (reply: FastifyReply, status: number, body: unknown) => reply.status(status).header('cache-control', 'no-store').send(body);

  // The consent LINE shows once for a LIFF app, here with the choice of account.
  app.get<{ Querystring: Record<string, string | undefined> }>(`${DEV_LIFF_PATH}/authorize`, async (req, reply) => {
    if (!available()) return page(reply, 404, '<h1>Not found</h1>');
    const back = liffReturn(req.query.redirect_uri);
    const demo = await userByLineSub(db, DEMO_LINE_SUB);
    const hidden = `<input type="hidden" name="redirect_uri" value="${esc(back)}">`;
    const error = req.query.error === 'name' ? '<p class="err">กรุณากรอกชื่อที่แสดง (1-60 ตัวอักษร)</p>' : '';
    return page(
      reply,
      200,
      `<div class="logo" aria-hidden="true">LINE</div>
<h1>เปิดบัตรสมาชิกใน LINE</h1>
<p class="note">หน้าทดสอบสำหรับการพัฒนา: เซิร์ฟเวอร์นี้ทำหน้าที่แทนแอป LINE (development LIFF)</p>
${demo ? `<form class="card" method="get" action="${DEV_LIFF_PATH}/authorize/approve">${hidden}<input type="hidden" name="who" value="demo">
<label>สมาชิกตัวอย่าง</label><button type="submit" class="secondary">อนุญาตและเปิดเป็น ${esc(demo.full_name)}</button></form>` : ''}
<form class="card" method="get" action="${DEV_LIFF_PATH}/authorize/approve">${hidden}<input type="hidden" name="who" value="typed">
<label for="display_name">ชื่อที่แสดงใน LINE (Display name)</label>
<input id="display_name" name="display_name" type="text" maxlength="60" autocomplete="off" required>${error}
<button type="submit">อนุญาต</button></form>`,
    );
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(`${DEV_LIFF_PATH}/authorize/approve`, async (req, reply) => {
    if (!available()) return page(reply, 404, '<h1>Not found</h1>');
    const back = liffReturn(req.query.redirect_uri);
    const account = await chosenAccount(db, req.query.who, req.query.display_name);
    if (account === 'no-demo') return page(reply, 404, '<h1>The demo member does not exist</h1>');
    if (account === 'bad-name') {
      return reply.redirect(`${DEV_LIFF_PATH}/authorize?${new URLSearchParams({ redirect_uri: back, error: 'name' }).toString()}`, 302);
    }
    const payload = Buffer.from(JSON.stringify(account)).toString('base64url');
    reply.setCookie(COOKIE, `${payload}.${await mac(db, payload)}`, {
      path: DEV_LIFF_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: req.protocol === 'https',
      maxAge: COOKIE_DAYS * 24 * 3600,
    });
    return reply.header('cache-control', 'no-store').redirect(back, 302);
  });

  // liff.getIDToken(): the id_token of the account "signed in to LINE" in this browser, or null. A GET: it
  // changes nothing, and another site cannot read the answer (no CORS), nor send the SameSite cookie along.
  app.get(`${DEV_LIFF_PATH}/id_token`, async (req, reply) => {
    if (!available()) return json(reply, 404, { error: 'not_found' });
    const account = await readAccount(db, req);
    return json(reply, 200, { id_token: account ? await devIdToken(db, account) : null });
  });
}
