import { createContext } from 'react';
import type { Lang } from './define';

/**
 * The language a server render draws in, given by the server's renderer (src/prerender/member-page.tsx) for one
 * request: one process renders for many members at once, so it cannot be the store's. In the browser nothing provides
 * it and the store, the member's stored choice, decides.
 */
export const RenderLang = createContext<Lang | null>(null);
