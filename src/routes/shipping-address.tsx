import { createFileRoute, Outlet } from '@tanstack/react-router';

/** /shipping-address and its add / edit screens (each child draws its own title bar). */
export const Route = createFileRoute('/shipping-address')({
  staticData: { appHeader: false },
  component: Outlet,
});
