import { createFileRoute, Outlet } from '@tanstack/react-router';

/** /my-order and the reward order detail /my-order/{id} (each draws its own title bar). */
export const Route = createFileRoute('/my-order')({
  staticData: { appHeader: false },
  component: Outlet,
});
