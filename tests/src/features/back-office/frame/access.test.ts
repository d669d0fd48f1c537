import { describe, expect, it } from 'vitest';
import { isEntryOf, mainRole, mayOpenScreen, sidebarFor } from '@/features/back-office/frame';
import { routerAt } from '../../../../support/routes';

/** The app's real routes: the sidebar and the refusals come from what each route declares. */
const router = routerAt('/');
const paths = (roles: string[]) => sidebarFor(router.routesByPath, roles).map((i) => i.to);
/** The screen at a path, as the frame sees it: the deepest route matched. */
const screenAt = (pathname: string) => {
  const [matched] = router.getMatchedRoutes(pathname);
  const route = matched[matched.length - 1];
  return { routeId: route?.id as string, staticData: route?.options.staticData ?? {} };
};
const mayOpen = (roles: string[], pathname: string) => mayOpenScreen(roles, screenAt(pathname).staticData);
/** The sidebar entry lit while a path is open (as System Manager, who sees every entry). */
const litAt = (pathname: string) => sidebarFor(router.routesByPath, ['System Manager']).filter((e) => isEntryOf(e, screenAt(pathname))).map((e) => e.to);

describe('the back-office sidebar by role', () => {
  it('shows a Loyalty Manager every programme screen but not the blog the server refuses them', () => {
    expect(paths(['Loyalty Manager'])).toEqual([
      '/admin/dashboard', '/admin/rules', '/admin/rewards', '/admin/branches', '/admin/members', '/admin/orders', '/admin/import', '/admin/staff',
      '/admin/audit', '/admin/privacy-requests', '/admin/privacy-notice', '/admin/exports', '/admin/broadcasts',
    ]);
  });

  it('lets only a System Manager read the access log; privacy requests and the notice are the programme managers’', () => {
    expect(mayOpen(['System Manager'], '/admin/access-log')).toBe(true);
    expect(mayOpen(['Loyalty Manager'], '/admin/access-log')).toBe(false);
    expect(mayOpen(['Branch Manager'], '/admin/privacy-requests')).toBe(false);
    expect(mayOpen(['Branch Manager'], '/admin/privacy-notice')).toBe(false);
    expect(paths(['System Manager'])).toContain('/admin/access-log');
  });

  it('lets only a System Manager manage the API clients and a client’s webhooks, with an entry in their sidebar alone', () => {
    expect(mayOpen(['System Manager'], '/admin/api-clients')).toBe(true);
    expect(mayOpen(['System Manager'], '/admin/api-clients/mrc_abc')).toBe(true);
    for (const role of ['Loyalty Manager', 'Branch Manager', 'Blog Manager']) {
      expect(mayOpen([role], '/admin/api-clients'), role).toBe(false);
      expect(mayOpen([role], '/admin/api-clients/mrc_abc'), role).toBe(false);
      expect(paths([role]), role).not.toContain('/admin/api-clients');
    }
    expect(paths(['System Manager'])).toContain('/admin/api-clients');
    expect(litAt('/admin/api-clients/mrc_abc')).toEqual(['/admin/api-clients']);
  });

  it('shows a Branch Manager their members (read), reward orders (read), staff and audit log only', () => {
    expect(paths(['Branch Manager'])).toEqual(['/admin/members', '/admin/orders', '/admin/staff', '/admin/audit']);
    expect(mayOpen(['Branch Manager'], '/admin/orders/ACC-SINV-2026-00001')).toBe(true);
    expect(mayOpen(['Branch Manager'], '/admin/rewards')).toBe(false);
    expect(mayOpen(['Branch Manager'], '/admin/broadcasts')).toBe(false);
    expect(mayOpen(['Branch Manager'], '/admin/members/CUST-1')).toBe(true);
  });

  it('shows a Blog Manager the blog, whose editor pages belong to it', () => {
    expect(paths(['Blog Manager'])).toEqual(['/blog-admin', '/blog-categories']);
    expect(mayOpen(['Loyalty Manager'], '/blog-edit/a-post')).toBe(false);
    expect(mayOpen(['Blog Manager'], '/blog-edit/a-post')).toBe(true);
    expect(mayOpen(['Blog Manager'], '/admin/import')).toBe(false);
  });

  it('shows a System Manager everything and names the most powerful role', () => {
    expect(paths(['System Manager'])).toHaveLength(17);
    expect(mainRole(['Blog Manager', 'System Manager'])).toBe('System Manager');
    expect(mayOpen(['Blog Manager'], '/app')).toBe(true);
  });

  it('lights the entry a screen belongs to: its own, its list for a record, the blog for its editor pages', () => {
    expect(litAt('/admin/members')).toEqual(['/admin/members']);
    expect(litAt('/admin/members/CUST-1')).toEqual(['/admin/members']);
    expect(litAt('/admin/orders/ACC-SINV-2026-00001')).toEqual(['/admin/orders']);
    expect(litAt('/admin/rewards/new')).toEqual(['/admin/rewards']);
    expect(litAt('/blog-add')).toEqual(['/blog-admin']);
    expect(litAt('/blog-view/a-post')).toEqual(['/blog-admin']);
    expect(litAt('/blog-edit/a-post')).toEqual(['/blog-admin']);
    expect(litAt('/blog-categories')).toEqual(['/blog-categories']);
    expect(litAt('/app')).toEqual([]);
  });
});

describe('a back-office screen whose route declares no roles', () => {
  it('is refused to every role, the System Manager too', () => {
    for (const role of ['System Manager', 'Loyalty Manager', 'Branch Manager', 'Blog Manager']) {
      expect(mayOpenScreen([role], {}), role).toBe(false);
      expect(mayOpenScreen([role], { roles: [] }), role).toBe(false);
    }
  });
});
