import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TitleHeader } from '@/components/title-header';
import { trackOrigins } from '@/lib/came-from';
import { useLangStore } from '@/lib/i18n';
import { theme } from '@/lib/theme';

window.scrollTo = () => {};

/** /, /categories, /shop with its filter screen and a product, each with a title bar whose parent is given. */
function app(start: string) {
  useLangStore.setState({ lang: 'en' });
  const root = createRootRoute({ component: () => <Outlet /> });
  const page = (path: string, backTo?: string) =>
    createRoute({ getParentRoute: () => root, path, component: () => <TitleHeader title={`screen ${path}`} backTo={backTo} /> });
  const router = createRouter({
    routeTree: root.addChildren([page('/'), page('/categories', '/'), page('/shop', '/categories'), page('/shop/filter', '/shop'), page('/products/$id', '/')]),
    history: createMemoryHistory({ initialEntries: [start] }),
  });
  trackOrigins(router);
  render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

const back = () => fireEvent.click(screen.getByRole('link', { name: 'Back' }));
const at = async (router: ReturnType<typeof app>, href: string) => {
  await waitFor(() => expect(router.state.location.href).toBe(href));
  await screen.findByRole('heading', { name: `screen ${router.state.location.pathname.replace(/^\/products\/.*/, '/products/$id')}` });
};

describe("a screen's back arrow", () => {
  it('returns to where the member came from: a product opened from /shop goes back to /shop', async () => {
    const router = app('/categories');
    await at(router, '/categories');
    await act(() => router.navigate({ to: '/shop' }));
    await act(() => router.navigate({ to: '/products/$id', params: { id: 'TEE-1' } }));
    await at(router, '/products/TEE-1');
    back();
    await at(router, '/shop');
    back();
    await at(router, '/categories');
  });

  it("goes to the screen's parent when the screen was opened directly", async () => {
    const router = app('/products/TEE-1');
    await at(router, '/products/TEE-1');
    back();
    await at(router, '/');
  });

  it('never reopens a sub-screen it was reached from, and skips search changes of the same screen', async () => {
    const router = app('/categories');
    await act(() => router.navigate({ to: '/shop' }));
    await act(() => router.navigate({ to: '/shop/filter' }));
    await at(router, '/shop/filter');
    // The filter is applied: /shop again, with its search.
    await act(() => router.navigate({ to: '/shop', search: { sort: 'price_asc' } }));
    await at(router, '/shop?sort=price_asc');
    back();
    await at(router, '/categories');

    await act(() => router.navigate({ to: '/shop' }));
    await act(() => router.navigate({ to: '/shop', search: { sort: 'popular' } }));
    await at(router, '/shop?sort=popular');
    back();
    await at(router, '/categories');
  });
});
