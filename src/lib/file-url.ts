/**
 * Images and files live on the API host: the same origin by default, VITE_FRAPPE_URL for a remote Frappe site.
 * Absolute addresses pass through.
 */
export const imageUrl = (path: string | null | undefined): string | undefined =>
  path ? `${/^(https?:|data:|blob:)/.test(path) ? '' : (import.meta.env.VITE_FRAPPE_URL ?? '')}${path}` : undefined;
