import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EraseDialog } from '@/features/back-office/privacy/erase-dialog';
import { renderApp } from '../../../render-app';

let answer: { status: number; body: unknown };
const fetchSpy = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
  new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }),
);
beforeEach(() => {
  fetchSpy.mockClear();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => vi.unstubAllGlobals());
const calls = (method: string) => fetchSpy.mock.calls.filter(([url]) => String(url).includes(method));

describe('erasing a member on their request', () => {
  it('says what erasure does, and sends nothing until the member’s code is entered', async () => {
    renderApp(<EraseDialog customer="CUST-7" name="Somchai" onClose={() => undefined} />);
    expect((await screen.findByTestId('erase-what')).textContent).toContain('forfeit every remaining point');
    expect(screen.getByTestId('erase-what').textContent).toContain('This cannot be undone');
    fireEvent.click(screen.getByRole('button', { name: 'Erase permanently' }));
    expect(await screen.findByText('Enter the 6-digit code from the SMS')).toBeTruthy();
    expect(calls('privacy.erase_member')).toHaveLength(0);
  });

  it('tells the manager to write a reason when the member has no verified phone for the code', async () => {
    answer = { status: 417, body: { exc_type: 'ValidationError', error_code: 'phone_not_verified' } };
    renderApp(<EraseDialog customer="CUST-7" name="Somchai" onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send the code to the member' }));
    expect((await screen.findByTestId('erase-code-refused')).textContent).toBe('This member has no verified phone, so no code can be sent. Write down the reason instead.');
  });
});
