import { describe, expect, it } from 'vitest';
import type { AnyRoute } from '@tanstack/react-router';
import { LAYOUTS, layoutOf, routerAt, type Layout } from '../../support/routes';

/** Who may open each screen: a route added anywhere else, or under the wrong layout, fails here. */
const EXPECTED: Record<Layout, readonly string[]> = {
  _guest: ['/welcome', '/login', '/signup', '/phonverify', '/staff-login', '/forgot-password', '/update-password', '/liff/$'],
  _member: [
    '/', '/categories', '/reward-history', '/my-account', '/terms-and-conditions', '/products/ITEM-1', '/product-compare/ITEM-1',
    '/checkout', '/ITEM-1/gift-checkout', '/thankyou', '/success', '/profile', '/edit-profile', '/fill-info', '/my-id', '/my-order',
    '/my-order/SINV-1', '/my-order-details/SINV-1', '/my-coupon', '/shipping-address', '/shipping-address/add',
    '/shipping-address/edit', '/shop', '/shop/filter', '/shop/type', '/wishlist', '/reward', '/reward-details', '/reward-coupon',
    '/reward-home', '/gifts', '/consent', '/collect-points', '/how-to-collect-rewards', '/member-conditions', '/single-blog',
  ],
  _staff: ['/staff'],
  _admin: [
    '/blog-admin', '/blog-categories', '/blog-add', '/blog-view/a-post', '/blog-edit/a-post', '/app', '/admin', '/admin/rewards', '/admin/rewards/ITEM-1',
    '/admin/branches', '/admin/members', '/admin/members/CUST-1', '/admin/orders', '/admin/orders/SINV-1', '/admin/import', '/admin/staff', '/admin/audit', '/admin/exports',
    '/admin/broadcasts', '/admin/rules', '/admin/dashboard', '/admin/privacy-requests', '/admin/privacy-notice', '/admin/access-log',
    '/admin/api-clients', '/admin/api-clients/mrc_key1',
  ],
  _marketing: ['/bakery', '/blog', '/branch', '/laveena-about-us', '/blog-detail', '/product', '/product-detail', '/privacy-policy'],
};

const children = (route: AnyRoute): AnyRoute[] => Object.values((route.children ?? {}) as Record<string, AnyRoute>);
/** The tree as a router sees it (route ids and full paths are set when a router is made). */
const root = routerAt('/').routeTree as AnyRoute;

describe('access lives in the route tree', () => {
  it('has no screen outside the five layouts: the root holds nothing else', () => {
    expect(children(root).map((r) => r.id).sort()).toEqual(LAYOUTS.map((l) => `/${l}`).sort());
  });

  it('puts every screen under the layout that decides who may open it', () => {
    const found = Object.fromEntries(Object.values(EXPECTED).flat().map((path) => [path, layoutOf(path)]));
    const expected = Object.fromEntries(Object.entries(EXPECTED).flatMap(([layout, paths]) => paths.map((path) => [path, layout])));
    expect(found).toEqual(expected);
  });

  it('knows every screen the tree has (a new screen is added to the table above, under its layout)', () => {
    const leaves: string[] = [];
    const walk = (route: AnyRoute) => (children(route).length ? children(route).forEach(walk) : leaves.push(route.fullPath as string));
    walk(root);
    expect(leaves.length).toBeGreaterThan(50);
    const listed = new Set(Object.values(EXPECTED).flat().map((p) => p.replace(/ITEM-1|SINV-1|a-post|CUST-1|mrc_key1/, '$x')));
    const unlisted = leaves
      .map((p) => p.replace(/\/$/, '') || '/')
      .map((p) => p.replace(/\$\w+/, '$x'))
      .filter((p) => !listed.has(p));
    expect(unlisted).toEqual([]);
  });
});

/**
 * Who may open each back-office screen, by its route's path, written out here by hand: a route under _admin whose
 * declared roles (its staticData) differ from this table, or that declares none, fails; so does one missing here.
 */
const SYSTEM = 'System Manager';
const LOYALTY = 'Loyalty Manager';
const BRANCH = 'Branch Manager';
const BLOG = 'Blog Manager';
const ADMIN_ROLES: Record<string, readonly string[]> = {
  '/admin': [SYSTEM, LOYALTY, BRANCH, BLOG],
  '/app': [SYSTEM, LOYALTY, BRANCH, BLOG],
  '/admin/dashboard': [SYSTEM, LOYALTY],
  '/admin/rules': [SYSTEM, LOYALTY],
  '/admin/rewards': [SYSTEM, LOYALTY],
  '/admin/rewards/$name': [SYSTEM, LOYALTY],
  '/admin/branches': [SYSTEM, LOYALTY],
  '/admin/members': [SYSTEM, LOYALTY, BRANCH],
  '/admin/members/$customer': [SYSTEM, LOYALTY, BRANCH],
  '/admin/orders': [SYSTEM, LOYALTY, BRANCH],
  '/admin/orders/$name': [SYSTEM, LOYALTY, BRANCH],
  '/admin/import': [SYSTEM, LOYALTY],
  '/admin/staff': [SYSTEM, LOYALTY, BRANCH],
  '/admin/audit': [SYSTEM, LOYALTY, BRANCH],
  '/admin/exports': [SYSTEM, LOYALTY],
  '/admin/broadcasts': [SYSTEM, LOYALTY],
  '/admin/privacy-requests': [SYSTEM, LOYALTY],
  '/admin/privacy-notice': [SYSTEM, LOYALTY],
  '/admin/access-log': [SYSTEM],
  '/admin/api-clients': [SYSTEM],
  '/admin/api-clients/$key': [SYSTEM],
  '/blog-admin': [SYSTEM, BLOG],
  '/blog-categories': [SYSTEM, BLOG],
  '/blog-add': [SYSTEM, BLOG],
  '/blog-view/$name': [SYSTEM, BLOG],
  '/blog-edit/$name': [SYSTEM, BLOG],
};

describe('each back-office screen declares who may open it', () => {
  it('declares on every route under _admin the roles of the table above, and no route declares none', () => {
    const admin = children(root).find((r) => r.id === '/_admin');
    const declared: Record<string, readonly string[] | 'declares no roles'> = {};
    const walk = (route: AnyRoute) => {
      if (children(route).length) return children(route).forEach(walk);
      const roles = (route.options.staticData?.roles ?? []) as readonly string[];
      declared[route.to as string] = roles.length ? [...roles].sort() : 'declares no roles';
    };
    if (admin) walk(admin);
    const expected = Object.fromEntries(Object.entries(ADMIN_ROLES).map(([path, roles]) => [path, [...roles].sort()]));
    expect(declared).toEqual(expected);
  });
});
