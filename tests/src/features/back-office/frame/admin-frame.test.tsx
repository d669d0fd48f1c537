import { screen, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { AdminFrame } from '@/features/back-office/frame';
import { authKeys, type BootInfo } from '@/features/auth';
import { useLangStore } from '@/lib/i18n';
import { renderAppAt, renderRouter, stubFetchNeverAnswering, testQueryClient } from '../../../render-app';

// The frame follows the blog's lists live; no socket in these tests.
vi.mock('@/lib/realtime', () => ({ subscribeDoctype: () => () => {} }));

stubFetchNeverAnswering();

const REFUSED = 'Your role cannot open this page. Pick another entry in the menu.';
const signedIn = (role: string) => {
  const queryClient = testQueryClient();
  const boot: BootInfo = { user: 'manager@example.com', roles: [role], full_name: 'A Manager', csrf_token: 'x', branch: null };
  queryClient.setQueryData(authKeys.boot, boot);
  return queryClient;
};

/** The frame around two screens of a tree of its own: one whose route names the Loyalty Manager, one naming nobody. */
function renderFrameAt(path: string, role: string) {
  useLangStore.setState({ lang: 'en' });
  const rootRoute = createRootRoute();
  const frame = createRoute({ getParentRoute: () => rootRoute, id: '_frame', component: () => <AdminFrame><Outlet /></AdminFrame> });
  const declared = createRoute({ getParentRoute: () => frame, path: 'declared', staticData: { roles: ['Loyalty Manager'] }, component: () => <p>Declared screen</p> });
  const undeclared = createRoute({ getParentRoute: () => frame, path: 'undeclared', component: () => <p>Undeclared screen</p> });
  const router = createRouter({ routeTree: rootRoute.addChildren([frame.addChildren([declared, undeclared])]), history: createMemoryHistory({ initialEntries: [path] }) });
  return renderRouter(router, signedIn(role));
}

describe('the back-office frame', () => {
  it('refuses a screen whose route declares no roles to every role, the System Manager too', async () => {
    renderFrameAt('/undeclared', 'System Manager');
    await screen.findByText(REFUSED);
    expect(screen.queryByText('Undeclared screen')).toBeNull();
  });

  it('opens a screen for a role its route declares, and refuses it to another back-office role', async () => {
    const first = renderFrameAt('/declared', 'Loyalty Manager');
    await screen.findByText('Declared screen');
    first.unmount();
    renderFrameAt('/declared', 'Branch Manager');
    await screen.findByText(REFUSED);
    expect(screen.queryByText('Declared screen')).toBeNull();
  });

  it('refuses a Branch Manager the rewards, with a sidebar of their four screens only', async () => {
    renderAppAt('/admin/rewards', { queryClient: signedIn('Branch Manager') });
    await screen.findByText(REFUSED);
    const sidebar = screen.getByRole('navigation', { name: 'Admin menu' });
    expect(within(sidebar).getAllByRole('link').map((a) => a.textContent)).toEqual(['Members', 'Orders', 'Staff', 'Audit log']);
  });

  it('lights the blog entry on a post’s editor page', async () => {
    renderAppAt('/blog-edit/a-post', { queryClient: signedIn('Blog Manager') });
    const sidebar = await screen.findByRole('navigation', { name: 'Admin menu' });
    expect(within(sidebar).getByRole('link', { name: /^Blogs/ }).getAttribute('aria-current')).toBe('page');
    expect(within(sidebar).getByRole('link', { name: /^Blog Categories/ }).getAttribute('aria-current')).toBeNull();
  });
});
