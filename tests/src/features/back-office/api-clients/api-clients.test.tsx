import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClientKeys, type ApiClient, type WebhookDelivery, type WebhookSubscription } from '@/entities/admin/api-clients';
import { branchKeys } from '@/entities/branches';
import { ClientPage, ClientsPage } from '@/features/back-office/api-clients';
import { renderApp, testQueryClient } from '../../../render-app';

const CLIENT: ApiClient = {
  api_key: 'mrc_till0001',
  client_name: 'Siam till',
  scopes: ['members:read', 'webhooks'],
  branch: null,
  created_by: 'admin@example.com',
  created_at: '2026-11-01T03:00:00.000Z',
  rotated_at: null,
  previous_valid_until: null,
  revoked_at: null,
  last_used_at: null,
};
const SECRET = 'sEcReT-shown-once-0123456789abcdef';

/** The server's answers by method; every call is kept. */
let answers: Record<string, { status: number; body: unknown }>;
const fetchSpy = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
  const method = Object.keys(answers).find((m) => String(input).includes(m));
  const answer = method ? answers[method]! : { status: 404, body: {} };
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
});
// mantine-datatable draws a cell only when its column's media query matches (none set: every width); jsdom's
// stand-in matches nothing, so here every query matches.
const matchMedia = window.matchMedia;
beforeEach(() => {
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: true });
  fetchSpy.mockClear();
  answers = { 'api_clients.list': { status: 200, body: { message: [CLIENT] } } };
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  window.matchMedia = matchMedia;
  vi.unstubAllGlobals();
});
const calls = (method: string) => fetchSpy.mock.calls.filter(([url]) => String(url).includes(method));
const bodyOf = (method: string) => JSON.parse(String((calls(method)[0]![1] as RequestInit).body)) as Record<string, unknown>;

function seeded() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(apiClientKeys.list(), [CLIENT]);
  queryClient.setQueryData(branchKeys.list(), []);
  return queryClient;
}

describe('the API clients list', () => {
  it('refuses a client with no scope before anything is sent, in the manager’s words', async () => {
    renderApp(<ClientsPage />, { queryClient: seeded() });
    fireEvent.click(await screen.findByRole('button', { name: 'New client' }));
    const dialog = screen.getByRole('dialog', { name: 'New API client' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Web shop' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Choose at least one')).toBeTruthy();
    expect(calls('api_clients.create')).toHaveLength(0);
  });

  it('shows the new key and secret once; after the dialog is closed nothing on the page shows the secret', async () => {
    answers['api_clients.create'] = { status: 200, body: { message: { client: { ...CLIENT, api_key: 'mrc_new', client_name: 'Web shop' }, api_key: 'mrc_new', api_secret: SECRET } } };
    renderApp(<ClientsPage />, { queryClient: seeded() });
    fireEvent.click(await screen.findByRole('button', { name: 'New client' }));
    const dialog = screen.getByRole('dialog', { name: 'New API client' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: ' Web shop ' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Award points for receipts/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'Save the credentials of Web shop now' });
    expect(bodyOf('api_clients.create')).toMatchObject({ client_name: 'Web shop', scopes: ['points:earn'], branch: null });
    expect(within(shown).getByTestId('issued-secret').textContent).toBe(SECRET);
    expect(within(shown).getByTestId('issued-key').textContent).toBe('mrc_new');
    expect(within(shown).getByRole('alert').textContent).toContain('shown this once only');
    expect(within(shown).getAllByRole('button', { name: 'Copy' })).toHaveLength(2);

    fireEvent.click(within(shown).getByRole('button', { name: 'I have saved it, close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('rotates with the grace hours given, refusing more than 24 before anything is sent', async () => {
    answers['api_clients.rotate'] = { status: 200, body: { message: { client: { ...CLIENT, rotated_at: '2026-11-02T00:00:00.000Z' }, api_key: CLIENT.api_key, api_secret: SECRET } } };
    renderApp(<ClientsPage />, { queryClient: seeded() });
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const dialog = screen.getByRole('dialog', { name: 'Rotate the secret of Siam till' });
    const hours = within(dialog).getByLabelText(/Hours the old secret keeps working/);
    fireEvent.change(hours, { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect(await within(dialog).findByText('Enter a whole number from 0 to 24')).toBeTruthy();
    expect(calls('api_clients.rotate')).toHaveLength(0);
    fireEvent.change(hours, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect((await screen.findByTestId('issued-secret')).textContent).toBe(SECRET);
    expect(bodyOf('api_clients.rotate')).toEqual({ api_key: CLIENT.api_key, grace_hours: 2 });
  });

  it('asks before revoking, and says why a refusal happened from the errors catalogue', async () => {
    answers['api_clients.revoke'] = { status: 404, body: { exc_type: 'DoesNotExistError', error_code: 'api_client_not_found' } };
    renderApp(<ClientsPage />, { queryClient: seeded() });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke Siam till?' });
    expect(within(dialog).getByTestId('revoke-what').textContent).toContain('This cannot be undone');
    expect(calls('api_clients.revoke')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect((await within(dialog).findByTestId('revoke-error')).textContent).toBe('This connected system was not found.');
    expect(bodyOf('api_clients.revoke')).toEqual({ api_key: CLIENT.api_key });
  });

  it('says a client is rotated or revoked, and offers no rotate or revoke for a revoked one', async () => {
    const queryClient = seeded();
    queryClient.setQueryData(apiClientKeys.list(), [{ ...CLIENT, revoked_at: '2026-11-03T00:00:00.000Z' }]);
    renderApp(<ClientsPage />, { queryClient });
    const row = (await screen.findByText('Siam till')).closest('tr')!;
    expect(row.textContent).toContain('Revoked');
    expect(within(row).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Rotate secret' })).toBeNull();
  });
});

const SUBSCRIPTION: WebhookSubscription = {
  subscription: 'WHS-1',
  api_key: CLIENT.api_key,
  client_name: CLIENT.client_name,
  url: 'https://till.example.com/hooks',
  events: ['points.earned', 'tier.changed'],
  enabled: 0,
  disabled_reason: 'gone',
  created_at: '2026-11-01T04:00:00.000Z',
};
const DELIVERY: WebhookDelivery = {
  delivery: 'WHD-1',
  subscription: 'WHS-1',
  event_id: 'evt_1',
  type: 'points.earned',
  customer: 'CUST-00007',
  status: 'failed',
  attempts: 3,
  next_attempt_at: null,
  last_attempt_at: '2026-11-01T05:00:00.000Z',
  last_status: 410,
  last_response: 'Gone away',
  created_at: '2026-11-01T04:30:00.000Z',
};

describe('a client’s webhooks', () => {
  it('lists a disabled subscription with its reason, and its deliveries with the last answer, when chosen', async () => {
    const queryClient = seeded();
    queryClient.setQueryData(apiClientKeys.subscriptions(CLIENT.api_key), [SUBSCRIPTION]);
    answers['webhooks.subscription_deliveries'] = { status: 200, body: { message: { deliveries: [DELIVERY], total: 1 } } };
    answers['webhooks.set_subscription_enabled'] = { status: 200, body: { message: { subscription: { ...SUBSCRIPTION, enabled: 1, disabled_reason: null } } } };
    answers['webhooks.redeliver'] = { status: 200, body: { message: { delivery: { ...DELIVERY, status: 'pending' } } } };
    renderApp(<ClientPage apiKey={CLIENT.api_key} />, { queryClient });
    const subs = await screen.findByTestId('subscriptions');
    expect(subs.textContent).toContain('https://till.example.com/hooks');
    expect(subs.textContent).toContain('Disabled');
    expect(within(subs).getByTestId('disabled-reason').textContent).toBe('The endpoint answered 410 Gone');

    fireEvent.click(within(subs).getByRole('button', { name: 'Deliveries' }));
    const deliveries = await screen.findByTestId('deliveries');
    await waitFor(() => expect(deliveries.textContent).toContain('Gone away'));
    expect(deliveries.textContent).toContain('Points earned');
    expect(deliveries.textContent).toContain('Failed');
    expect(deliveries.textContent).toContain('410');
    expect(bodyOrQuery('webhooks.subscription_deliveries')).toContain('subscription=WHS-1');

    fireEvent.click(within(deliveries).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() => expect(calls('webhooks.redeliver')).toHaveLength(1));
    expect(bodyOf('webhooks.redeliver')).toEqual({ delivery: 'WHD-1' });
    fireEvent.click(within(subs).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(calls('webhooks.set_subscription_enabled')).toHaveLength(1));
    expect(bodyOf('webhooks.set_subscription_enabled')).toEqual({ subscription: 'WHS-1', enabled: 1 });
  });

  it('subscribes a URL on the client’s behalf and shows its signing secret once', async () => {
    const queryClient = seeded();
    queryClient.setQueryData(apiClientKeys.subscriptions(CLIENT.api_key), []);
    answers['webhooks.subscribe_for_client'] = { status: 200, body: { message: { subscription: { ...SUBSCRIPTION, enabled: 1, disabled_reason: null }, secret: 'whsec_abc123' } } };
    renderApp(<ClientPage apiKey={CLIENT.api_key} />, { queryClient });
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe a URL' }));
    const dialog = screen.getByRole('dialog', { name: 'Subscribe a webhook URL for Siam till' });
    fireEvent.change(within(dialog).getByLabelText(/^Endpoint URL/), { target: { value: 'ftp://nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe a URL' }));
    expect(await within(dialog).findByText('Enter a URL starting with https://')).toBeTruthy();
    expect(await within(dialog).findByText('Choose at least one event')).toBeTruthy();
    expect(calls('webhooks.subscribe_for_client')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Endpoint URL/), { target: { value: 'https://till.example.com/hooks' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Tier changed/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe a URL' }));
    expect((await screen.findByTestId('issued-webhook-secret')).textContent).toBe('whsec_abc123');
    expect(bodyOf('webhooks.subscribe_for_client')).toEqual({ api_key: CLIENT.api_key, url: 'https://till.example.com/hooks', events: ['tier.changed'] });
    fireEvent.click(screen.getByRole('button', { name: 'I have saved it, close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain('whsec_abc123');
  });

  it('offers no subscribing for a client without the webhooks scope, and says why', async () => {
    const queryClient = seeded();
    queryClient.setQueryData(apiClientKeys.list(), [{ ...CLIENT, scopes: ['members:read'] }]);
    queryClient.setQueryData(apiClientKeys.subscriptions(CLIENT.api_key), []);
    renderApp(<ClientPage apiKey={CLIENT.api_key} />, { queryClient });
    expect((await screen.findByRole('button', { name: 'Subscribe a URL' })).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('This client does not have the webhooks scope, so no URL can be subscribed for it.')).toBeTruthy();
  });
});

/** A GET's arguments travel in its address; a POST's in its body. */
function bodyOrQuery(method: string): string {
  const [url, init] = calls(method)[0]!;
  return `${String(url)} ${String((init as RequestInit | undefined)?.body ?? '')}`;
}
