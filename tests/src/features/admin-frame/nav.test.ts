import { describe, expect, it } from 'vitest';
import { mainRole, mayOpen, navFor } from '@/features/admin-frame';

const paths = (roles: string[]) => navFor(roles).map((i) => i.to);

describe('the back-office sidebar by role', () => {
  it('shows a Loyalty Manager every programme screen but not the blog the server refuses them', () => {
    expect(paths(['Loyalty Manager'])).toEqual([
      '/admin/dashboard', '/admin/rules', '/admin/rewards', '/admin/branches', '/admin/members', '/admin/orders', '/admin/import', '/admin/staff',
      '/admin/audit', '/admin/exports', '/admin/broadcasts',
    ]);
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
    expect(paths(['System Manager'])).toHaveLength(13);
    expect(mainRole(['Blog Manager', 'System Manager'])).toBe('System Manager');
    expect(mayOpen(['Blog Manager'], '/app')).toBe(true);
  });
});
