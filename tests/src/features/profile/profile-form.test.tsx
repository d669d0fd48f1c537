import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProfileForm } from '@/features/profile';
import { FrappeClientError } from '@/lib/frappe';
import { resetOnlineForTests } from '@/lib/online';
import { resetOutboxForTests, startOutbox, type OutboxEntry } from '@/lib/outbox';
import { renderApp } from '../../render-app';

const taken = 'This e-mail address cannot be used';
/** The server refuses the e-mail: another account holds it. */
const refuseEmail = async (_entry: OutboxEntry) => {
  throw new FrappeClientError({
    httpStatus: 417,
    httpStatusText: 'Expectation Failed',
    body: { exc_type: 'ValidationError', _server_messages: JSON.stringify([JSON.stringify({ message: taken })]), error_code: 'email_taken' },
    defaultMessage: 'There was an error.',
  });
};

beforeEach(async () => {
  resetOutboxForTests();
  resetOnlineForTests(true);
  const map = new Map<string, OutboxEntry>();
  await startOutbox({
    backend: { all: async () => [...map.values()], put: async (e) => void map.set(e.id, e), remove: async (id) => void map.delete(id) },
    transport: refuseEmail,
    listen: false,
  });
});
afterEach(() => resetOutboxForTests());

const profile = { first_name: 'สมใจ', last_name: 'ใจดี', email: 'taken@example.com', id_card_number: '1103700012345', birth_date: '1990-01-31' };

describe('personal information (/fill-info)', () => {
  it("says an e-mail another account holds under the e-mail field, in the member's language, not as the server's banner", async () => {
    renderApp(<ProfileForm profile={profile} mode="fill-info" onSaved={() => {}} />, { lang: 'th' });
    fireEvent.click(await screen.findByRole('button', { name: 'บันทึก' }));
    const email = screen.getByLabelText('อีเมล');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(email.getAttribute('aria-describedby')?.split(' ').find((id) => id.includes('error')) ?? '');
    expect(described?.textContent).toBe('ใช้อีเมลนี้ไม่ได้ กรุณาใช้อีเมลอื่น');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toContain(taken);
  });
});
