import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaffLogin } from '@/features/auth';
import { renderApp } from '../../render-app';

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refused = { exc_type: 'PermissionError', _server_messages: JSON.stringify([JSON.stringify({ message: 'Not permitted' })]) };

/** A server whose login accepts the password, whose boot names a Loyalty Manager, and whose profile read answers `profile`. */
function server(profile: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/method/login')) return json(200, { message: 'Logged In', full_name: 'Loyalty', csrf_token: 'token' });
      if (url.includes('member_rewards.api.boot')) return json(200, { message: { user: 'loyalty@example.com', roles: ['Loyalty Manager'], full_name: 'Loyalty', csrf_token: 'token' } });
      if (url.includes('get_profile')) return profile();
      return json(404, {});
    }),
  );
}

async function signIn() {
  const onSignedIn = vi.fn();
  renderApp(<StaffLogin onSignedIn={onSignedIn} />);
  fireEvent.change(await screen.findByLabelText(/Username or e-mail/), { target: { value: 'loyalty@example.com' } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'a-long-password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  return onSignedIn;
}

describe('staff sign-in', () => {
  it('goes on with the roles that signed in when the profile read after it is refused: no wrong-password message, the field kept', async () => {
    server(() => json(403, refused));
    const onSignedIn = await signIn();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(['Loyalty Manager']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText(/Password/) as HTMLInputElement).value).toBe('a-long-password');
  });

  it('goes on when the profile read after it gets no answer', async () => {
    server(() => {
      throw new TypeError('Failed to fetch');
    });
    const onSignedIn = await signIn();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(['Loyalty Manager']));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
