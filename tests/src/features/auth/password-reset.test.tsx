import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ForgotPassword, UpdatePassword } from '@/features/auth';
import { layoutOf } from '../../../support/routes';
import { renderApp } from '../../render-app';

afterEach(() => vi.unstubAllGlobals());

/** A fetch that answers every call with this status and body, and records what was sent. */
function answer(status: number, body: unknown) {
  const spy = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', spy);
  return spy;
}
const sent = (spy: ReturnType<typeof answer>) => spy.mock.calls.map(([input, init]) => ({ url: String(input), body: JSON.parse(String(init?.body ?? '{}')) }));
const invalidLink = { exc_type: 'ValidationError', _server_messages: JSON.stringify([JSON.stringify({ message: 'The reset password link has either been used before or is invalid' })]), error_code: 'reset_key_invalid' };

describe('/forgot-password', () => {
  it('is open to guests, asks for the account, and says the link was sent', async () => {
    expect(layoutOf('/forgot-password')).toBe('_guest');
    const spy = answer(200, { message: 'Password reset instructions have been sent to your email' });
    renderApp(<ForgotPassword />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(spy).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Username or e-mail/), { target: { value: ' staff@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('status')).textContent).toBe('Password reset instructions have been sent to your email');
    expect(sent(spy)).toEqual([{ url: '/api/method/frappe.core.doctype.user.user.reset_password', body: { user: 'staff@example.com' } }]);
  });

  it("shows the original message when the mail could not be sent", async () => {
    answer(500, { exc_type: 'ServerError', _server_messages: JSON.stringify([JSON.stringify({ message: 'There was an error sending password reset email.' })]) });
    renderApp(<ForgotPassword />);
    fireEvent.change(await screen.findByLabelText(/Username or e-mail/), { target: { value: 'staff@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('There was an error sending password reset email.');
  });
});

describe('/update-password', () => {
  it('checks the new password on the device, then saves it once and offers the sign-in', async () => {
    expect(layoutOf('/update-password')).toBe('_guest');
    const spy = answer(200, { message: '/staff-login' });
    renderApp(<UpdatePassword resetKey="the-key" />);
    const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'short' } });
    save();
    expect(await screen.findByText('Password must be at least 10 characters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'a-new-password-1' } });
    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), { target: { value: 'a-new-password-2' } });
    save();
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(spy).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), { target: { value: 'a-new-password-1' } });
    save();
    expect((await screen.findByRole('status')).textContent).toBe('Your new password is set. Sign in with it now.');
    expect(screen.getByRole('link', { name: 'Go to sign-in' }).getAttribute('href')).toBe('/staff-login');
    expect(sent(spy)).toEqual([
      { url: '/api/method/frappe.core.doctype.user.user.update_password', body: { key: 'the-key', new_password: 'a-new-password-1' } },
    ]);
  });

  it('a used or made-up link says so and offers a new one', async () => {
    answer(417, invalidLink);
    renderApp(<UpdatePassword resetKey="used-key" />);
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'a-new-password-1' } });
    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), { target: { value: 'a-new-password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The reset password link has either been used before or is invalid');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password'));
  });

  it('a link without its key is refused at once', async () => {
    renderApp(<UpdatePassword resetKey="" />);
    expect((await screen.findByRole('alert')).textContent).toBe('The reset password link has either been used before or is invalid');
  });
});
