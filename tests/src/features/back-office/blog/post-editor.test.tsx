import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddPostPage, EditPostPage } from '@/features/back-office/blog';
import { categoriesQuery, postQuery } from '@/features/back-office/blog/api';
import { sessionQuery } from '@/entities/session';
import type { Lang } from '@/lib/i18n';
import { renderApp, testQueryClient } from '../../../render-app';

// Mantine's autosizing Content box listens for web fonts, which jsdom does not have.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const TYPED = 'First line  \nsecond line\n\n\nUse <b>real</b> butter\n';
const POST = {
  name: 'round-trip',
  title: 'Round trip',
  blog_category: 'tips',
  blogger: 'Administrator',
  content: '<p>First line  <br />second line</p><p>Use &lt;b&gt;real&lt;/b&gt; butter</p>',
  content_source: TYPED,
  meta_image: null,
  published_on: '2026-01-05',
  published: true,
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fetchSpy = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
  init?.method === 'DELETE' ? json(202, { message: 'ok' }) : json(200, { data: POST }),
);

/** Uploads go through XMLHttpRequest (for the progress bar): each one made is recorded, and answers `answer`. */
let xhrs: FakeXhr[] = [];
let answer = { status: 200, body: { message: { file_url: '/files/abc.png' } } as unknown };
class FakeXhr {
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  upload: { onprogress?: unknown } = {};
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  onabort?: () => void;
  constructor() {
    xhrs.push(this);
  }
  open() {}
  setRequestHeader() {}
  abort() {}
  send() {
    this.status = answer.status;
    this.responseText = JSON.stringify(answer.body);
    queueMicrotask(() => this.onload?.());
  }
}

beforeEach(() => {
  xhrs = [];
  answer = { status: 200, body: { message: { file_url: '/files/abc.png' } } };
  fetchSpy.mockClear();
  vi.stubGlobal('fetch', fetchSpy);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

function seeded() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(sessionQuery().queryKey, { user: 'admin@example.com', roles: ['System Manager'], full_name: 'Administrator', csrf_token: 'x', branch: null, max_file_size: 5 * 1024 * 1024 });
  queryClient.setQueryData(categoriesQuery().queryKey, [{ name: 'tips', title: 'Tips' }]);
  queryClient.setQueryData(postQuery(POST.name).queryKey, POST);
  return queryClient;
}

async function renderEdit(lang: Lang = 'en') {
  const view = renderApp(<EditPostPage name={POST.name} />, { queryClient: seeded(), lang });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

const imageInput = () => screen.getByTestId('post-image-input') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(imageInput(), { target: { files: [file] } });
const fileOf = (name: string, type: string, bytes: number) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

describe('editing a post', () => {
  it('shows the content exactly as it was typed, not the HTML made of it, and saves it back unchanged', async () => {
    await renderEdit();
    const content = screen.getByRole('textbox', { name: /Content/ }) as HTMLTextAreaElement;
    expect(content.value).toBe(TYPED);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body)).content).toBe(TYPED);
  });

  it('deletes a post only after the dialog is confirmed', async () => {
    await renderEdit();
    fireEvent.click(screen.getByRole('button', { name: 'Delete post' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete post' });
    expect(within(dialog).getByText("Are you sure? You can't undo this action afterwards.")).toBeTruthy();
    expect(within(dialog).getByText('Round trip')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await act(async () => {});
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete post' }));
    dialog = screen.getByRole('dialog', { name: 'Delete post' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true));
    const del = fetchSpy.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    expect(String(del[0])).toBe('/api/resource/Blog%20Post/round-trip');
  });
});

describe('the post image', () => {
  it('refuses a file over the limit before sending a byte, in the editor’s language', async () => {
    await renderEdit('th');
    expect(screen.getByText('ไฟล์ JPG, PNG หรือ WEBP ไม่เกิน 5 MB')).toBeTruthy();
    choose(fileOf('cake.png', 'image/png', 6 * 1024 * 1024));
    expect(screen.getByRole('alert').textContent).toBe('รูปนี้มีขนาด 6 MB กรุณาเลือกรูปที่ไม่เกิน 5 MB');
    expect(xhrs).toHaveLength(0);
  });

  it('takes images only: a PDF or a text file is refused before sending', async () => {
    await renderEdit();
    choose(fileOf('menu.pdf', 'application/pdf', 1000));
    expect(screen.getByRole('alert').textContent).toBe('Choose a JPG, PNG or WEBP image');
    choose(fileOf('notes.txt', 'text/plain', 10));
    expect(screen.getByRole('alert').textContent).toBe('Choose a JPG, PNG or WEBP image');
    expect(xhrs).toHaveLength(0);
  });

  it("translates the server's refusals instead of showing its English sentence", async () => {
    renderApp(<AddPostPage />, { queryClient: seeded(), lang: 'th' });
    await screen.findByRole('heading', { level: 1 });
    answer = { status: 413, body: { exc_type: 'PayloadTooLarge', _server_messages: '["{\\"message\\": \\"The request is too large.\\"}"]' } };
    choose(fileOf('cake.png', 'image/png', 1000));
    expect((await screen.findByRole('alert')).textContent).toBe('รูปมีขนาดเกินกำหนด กรุณาเลือกรูปที่ไม่เกิน 5 MB');
    answer = { status: 417, body: { exc_type: 'ValidationError', error_code: 'file_type_not_allowed' } };
    choose(fileOf('cake.webp', 'image/webp', 1000));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('กรุณาเลือกรูปภาพไฟล์ JPG, PNG หรือ WEBP'));
    expect(xhrs).toHaveLength(2);
  });
});
