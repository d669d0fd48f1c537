// A till's day with one member, through a client generated from the server's OpenAPI document: look the member up,
// earn points for a receipt, post the same receipt again (a retry after a lost answer: the same answer, nothing more
// awarded), pay with points (hold, then capture part of the hold), and take a return of the first receipt.
//
// MEMBER_REWARDS_URL       the server (default http://localhost:8000)
// MEMBER_REWARDS_API_KEY   the API client's key and secret (a System Manager creates the client with the scopes
// MEMBER_REWARDS_API_SECRET  members:read, points:earn and points:redeem)
// MEMBER_PHONE             the member's phone
// BRANCH                   the till's branch (leave out for a client bound to a branch)
// RECEIPT_NO               the sale's receipt number (default: a new one); the payment's is the same with -PAY
import createClient from 'openapi-fetch';
import type { paths } from './generated/api.js';

const env = (name: string, fallback?: string): string => {
  const value = process.env[name] ?? fallback;
  if (value === undefined || value === '') throw new Error(`Set ${name}`);
  return value;
};

const api = createClient<paths>({
  baseUrl: env('MEMBER_REWARDS_URL', 'http://localhost:8000'),
  headers: { Authorization: `token ${env('MEMBER_REWARDS_API_KEY')}:${env('MEMBER_REWARDS_API_SECRET')}` },
});
const phone = env('MEMBER_PHONE');
const branch = process.env.BRANCH || undefined;

/** Frappe's error body: the first server message is the sentence to show, `error_code` the reason for a program. */
interface Refusal {
  exc_type?: string;
  error_code?: string;
  _server_messages?: string;
}
function sentence(error: Refusal): string {
  try {
    return (JSON.parse((JSON.parse(error._server_messages ?? '[]') as string[])[0] ?? '{}') as { message?: string }).message ?? '';
  } catch {
    return '';
  }
}

/** The answer of a call, or the refusal as an error naming the step, the status, the code and the sentence. */
function answer<T>(step: string, result: { data?: { message: T }; error?: Refusal; response: Response }): T {
  if (result.data) return result.data.message;
  const e = result.error ?? {};
  throw new Error(`${step}: ${result.response.status} ${e.exc_type ?? ''} ${e.error_code ?? ''} ${sentence(e)}`.replace(/\s+/g, ' ').trim());
}

const receipt = process.env.RECEIPT_NO || `POS-${Date.now().toString(36).toUpperCase()}`;
const say = (line: string) => console.log(line);

async function main() {
  const member = answer('look up', await api.GET('/api/method/member_rewards.integration.lookup_member', { params: { query: { phone } } }));
  say(`member ${member.full_name} (${member.customer}), tier ${member.tier ?? '-'}: ${member.points} points, ${member.held_points} held`);

  const sale = { phone, receipt_no: receipt, branch, amount: 450, lines: [{ item_code: 'CROISSANT', qty: 3, amount: 270 }, { item_code: 'LATTE', qty: 2, amount: 180 }] };
  const earned = answer('earn', await api.POST('/api/method/member_rewards.integration.earn', { body: sale }));
  say(`earned ${earned.points} points for receipt ${earned.receipt_no} (${earned.amount} baht), balance ${earned.balance}`);

  // The till did not see the answer (the network dropped): it posts the same receipt again.
  const again = answer('earn again', await api.POST('/api/method/member_rewards.integration.earn', { body: sale }));
  if (!again.duplicate || again.entry !== earned.entry || again.points !== earned.points) throw new Error('the same receipt was awarded twice');
  say(`posted ${again.receipt_no} again: the same answer (${again.points} points), nothing more awarded`);

  const payment = `${receipt}-PAY`;
  const held = answer('hold', await api.POST('/api/method/member_rewards.integration.hold', { body: { phone, points: 40, receipt_no: payment, branch, expires_in_minutes: 5 } }));
  say(`held ${held.points} points (${held.hold}) until ${held.expires_at}, balance ${held.balance}`);

  const captured = answer('capture', await api.POST('/api/method/member_rewards.integration.capture', { body: { hold: held.hold, points: 25 } }));
  say(`captured ${captured.captured_points} of the ${captured.points} held points (${captured.status}), balance ${captured.balance}`);

  const returned = answer('reverse', await api.POST('/api/method/member_rewards.integration.reverse', { body: { receipt_no: receipt, branch } }));
  say(`return of ${returned.receipt_no}: ${returned.reversed_amount} baht back, ${returned.points_reversed} points taken back (shortfall ${returned.points_shortfall}), balance ${returned.balance}`);

  const after = answer('look up', await api.GET('/api/method/member_rewards.integration.lookup_member', { params: { query: { phone } } }));
  say(`member ${after.customer}: ${after.points} points, ${after.held_points} held`);
}

// A refusal ends the till with its one line (status, exc_type, error_code, sentence) and a failing exit code.
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
