import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { frappe } from '@/lib/frappe';
import { authKeys, GUEST_BOOT, homeFor, runAppLoad, type BootInfo, type Profile } from '@/features/auth';
import { BACK_OFFICE_ROLES } from '../../../../contracts/admin';
import { ROLES } from '../../../../server/db/schema/auth';
import { layoutOf, routerAt } from '../../../support/routes';

const MEMBER: BootInfo = { user: 'line-1@line.me', roles: ['Member'], full_name: 'A', csrf_token: 'x', branch: null };
const STAFF: BootInfo = { user: 'staff@example.com', roles: ['Store Staff'], full_name: 'S', csrf_token: 'x', branch: 'B' };
const profile = (verified: boolean): Profile =>
  ({ name: 'CUST-00002', user: MEMBER.user, phone_verified: verified, loyalty_points: 0 }) as unknown as Profile;

/** A query client that knows who is signed in (and, optionally, their saved profile). */
function clientFor(boot: BootInfo, saved?: Profile) {
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authKeys.boot, boot);
  if (saved) queryClient.setQueryData(authKeys.profile, saved, { updatedAt: 0 });
  return queryClient;
}

/**
 * Opens `href` in the app's real route tree with a query client that already knows who is signed in; the server
 * answers every call with `fresh` (or is offline without it). Returns where the guards sent the visitor (decoded),
 * or null when the screen opened.
 */
async function guard(href: string, boot: BootInfo, saved?: Profile, fresh?: Profile) {
  const call = vi.spyOn(frappe, 'call').mockImplementation(async () => {
    if (!fresh) throw new Error('offline');
    return fresh;
  });
  try {
    const router = routerAt(href, clientFor(boot, saved));
    await router.load();
    const landed = decodeURIComponent(router.state.location.href);
    return landed === decodeURIComponent(href) ? null : landed;
  } finally {
    call.mockRestore();
  }
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => frappe.setTokenAuth(null));

describe('the page a member asked for', () => {
  it('is kept when a guest is sent to sign in, and a signed-in member on /login goes there', async () => {
    expect(await guard('/my-order', GUEST_BOOT)).toBe('/login?next=/my-order');
    expect(await guard('/reward-details?item=GIFT-TOTE', GUEST_BOOT)).toBe('/login?next=/reward-details?item=GIFT-TOTE');
    expect(await guard('/', GUEST_BOOT)).toBe('/login');
    expect(await guard('/login?next=%2Fmy-order', MEMBER, profile(true))).toBe('/my-order');
  });

  it('survives phone verification, and is never an address outside the app', async () => {
    expect(await guard('/my-order', MEMBER, profile(false), profile(false))).toBe('/phonverify?next=/my-order');
    expect(await guard('/fill-info', MEMBER, profile(false), profile(false))).toBe('/phonverify');
    expect(await guard('/phonverify?next=%2Fmy-order', MEMBER, profile(true))).toBe('/my-order');
    for (const evil of ['https://evil.example', '//evil.example', '/\\evil.example']) {
      expect(await guard(`/login?next=${encodeURIComponent(evil)}`, MEMBER, profile(true))).toBe('/');
    }
  });
});

describe('which screens a visitor may open', () => {
  it('puts each screen under the layout that decides who may open it', () => {
    expect(['/welcome', '/login', '/signup', '/phonverify', '/staff-login'].map(layoutOf)).toEqual(Array(5).fill('_guest'));
    expect(layoutOf('/blog')).toBe('_marketing');
    expect(layoutOf('/blog-admin')).toBe('_admin');
    expect(layoutOf('/staff')).toBe('_staff');
    expect(layoutOf('/')).toBe('_member');
    expect(layoutOf('/my-account/')).toBe('_member');
    expect(layoutOf('/products/ITEM-1')).toBe('_member');
  });

  it('sends a guest from member screens to /login, and lets them see the guest screens', async () => {
    expect(await guard('/', GUEST_BOOT)).toBe('/login');
    expect(await guard('/my-account', GUEST_BOOT)).toBe('/login?next=/my-account');
    expect(await guard('/login', GUEST_BOOT)).toBeNull();
    expect(await guard('/signup', GUEST_BOOT)).toBeNull();
    expect(await guard('/phonverify', GUEST_BOOT)).toBeNull();
    expect(await guard('/blog-admin', GUEST_BOOT)).toBeNull(); // its own gate asks for a password
  });

  it('sends a signed-in visitor on /login or /welcome home (staff to their own area)', async () => {
    expect(await guard('/login', MEMBER, profile(true))).toBe('/');
    expect(await guard('/welcome', MEMBER, profile(true))).toBe('/');
    expect(await guard('/login', STAFF)).toBe('/staff');
  });

  it('sends each role that signs in where its work is: managers to the back office, the till to /staff, a blog editor to the blog', async () => {
    const home: Record<(typeof ROLES)[number], string> = {
      Member: '/',
      'Store Staff': '/staff',
      'Branch Manager': '/admin',
      'Loyalty Manager': '/admin',
      'System Manager': '/admin',
      'Blog Manager': '/blog-admin',
    };
    expect(Object.keys(home).sort()).toEqual([...ROLES].sort());
    for (const role of ROLES) expect(homeFor([role]), role).toBe(home[role]);
    for (const role of BACK_OFFICE_ROLES) {
      const manager: BootInfo = { user: 'manager@example.com', roles: [role], full_name: 'M', csrf_token: 'x', branch: null };
      expect(await guard('/staff-login', manager), role).toBe('/admin');
    }
  });

  it('holds a member whose phone is not verified on /phonverify', async () => {
    expect(await guard('/', MEMBER, profile(false), profile(false))).toBe('/phonverify');
    expect(await guard('/fill-info', MEMBER, profile(false), profile(false))).toBe('/phonverify');
    expect(await guard('/phonverify', MEMBER, profile(false), profile(false))).toBeNull();
  });

  it('asks the server again before holding them when the saved profile is old', async () => {
    expect(await guard('/fill-info', MEMBER, profile(false), profile(true))).toBeNull();
  });

  it('asks the server before letting a member in when no profile is saved yet (a new member reloading at once)', async () => {
    expect(await guard('/', MEMBER, undefined, profile(false))).toBe('/phonverify');
    expect(await guard('/', MEMBER, undefined, profile(true))).toBeNull();
  });

  it('uses the stored phoneverify flag when no profile is known yet and the server cannot be asked', async () => {
    localStorage.setItem('phoneverify', 'true');
    expect(await guard('/', MEMBER)).toBe('/phonverify');
    localStorage.setItem('phoneverify', 'false');
    expect(await guard('/', MEMBER)).toBeNull();
  });

  it('fetches the profile again on every location change while signed in (not on hover preloads)', async () => {
    const call = vi.spyOn(frappe, 'call').mockResolvedValue(profile(true));
    const profileCalls = () => call.mock.calls.filter(([m]) => m === 'headless_e_commerce.api.get_profile').length;
    try {
      const router = routerAt('/collect-points', clientFor(MEMBER, profile(true)));
      await router.load();
      await new Promise((r) => setTimeout(r, 0));
      const before = profileCalls();
      await router.preloadRoute({ to: '/reward-history' });
      await new Promise((r) => setTimeout(r, 0));
      expect(profileCalls()).toBe(before);
      await router.navigate({ to: '/reward-history' });
      await router.navigate({ to: '/my-account' });
      await new Promise((r) => setTimeout(r, 0));
      expect(profileCalls() - before).toBe(2);
    } finally {
      call.mockRestore();
    }
  });

  it('sends a verified member away from /phonverify', async () => {
    expect(await guard('/phonverify', MEMBER, profile(true))).toBe('/');
  });
});

describe('app load', () => {
  function fakeWindow(href: string) {
    const replace = vi.fn();
    return { win: { location: { href, replace } } as unknown as Window, replace };
  }

  it('?token= with phoneverify=true: stores the username and the flag, stores the token, reloads on /phonverify', () => {
    const { win, replace } = fakeWindow('https://app.example/?token=key:secret&username=u1&phoneverify=true');
    expect(runAppLoad(win)).toBe('reloading');
    expect(localStorage.getItem('username')).toBe('u1');
    expect(localStorage.getItem('phoneverify')).toBe('true');
    expect(sessionStorage.getItem('token')).toBe('key:secret');
    expect(replace).toHaveBeenCalledWith('/phonverify');
  });

  it('?token= without phoneverify goes to /login, never keeping the credential in the address', () => {
    const { win, replace } = fakeWindow('https://app.example/somewhere?token=k:s&username=u2');
    runAppLoad(win);
    expect(replace).toHaveBeenCalledWith('/login');
    expect(replace.mock.calls[0]![0]).not.toContain('token');
  });

  it('a system user (system_user cookie) does not store the token', () => {
    document.cookie = 'system_user=yes; path=/';
    const { win } = fakeWindow('https://app.example/?token=k:s&username=admin');
    runAppLoad(win);
    expect(sessionStorage.getItem('token')).toBeNull();
    document.cookie = 'system_user=no; path=/';
  });

  it('a stored token becomes the client’s Authorization on load', async () => {
    sessionStorage.setItem('token', 'k:s');
    const { win } = fakeWindow('https://app.example/');
    expect(runAppLoad(win)).toBe('continue');
    const fetchSpy = vi.fn(async () => new Response(JSON.stringify({ message: 'pong' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchSpy);
    await frappe.call('ping');
    vi.unstubAllGlobals();
    const headers = (fetchSpy.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers.Authorization).toBe('token k:s');
  });
});
