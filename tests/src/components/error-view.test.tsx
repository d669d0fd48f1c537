import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorView } from '@/components/error-view';
import { useLangStore } from '@/lib/i18n';
import { theme } from '@/lib/theme';

window.scrollTo = () => {};

describe('the fallback view of a route that throws', () => {
  it("shows 'Unexpected Application Error!' in place of the screen, and 'Try again' renders the screen again", async () => {
    useLangStore.setState({ lang: 'en' });
    let broken = true;
    const root = createRootRoute({ component: () => <Outlet /> });
    const screenRoute = createRoute({
      getParentRoute: () => root,
      path: '/',
      component: () => {
        if (broken) throw new Error('boom');
        return <p>Points: 24</p>;
      },
    });
    const router = createRouter({
      routeTree: root.addChildren([screenRoute]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
      defaultErrorComponent: ErrorView,
    });
    // React reports the caught render error on the console; the test is about what the member sees.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MantineProvider theme={theme} env="test">
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();

    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Points: 24')).toBeTruthy();
    quiet.mockRestore();
  });
});
