/**
 * Request time: a member's screen rendered on the server from their own data (server/member-page.ts loads the build
 * of this module, vite.config.ts prerender). The app's own router, guards, loaders and screens run as in the browser;
 * their reads reach the server in-process through `fetchFor`, which carries the visitor's cookie and nothing else.
 * React's server renderer does not run effects, so a screen's queries are only created by a render: the page is
 * rendered, the reads it asked for are answered, and it is rendered again until it asks for nothing new.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, onlineManager, QueryClient, skipToken, type DehydratedState, type Query } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppProviders } from '@/components/app-providers';
import { consentsQuery, noticeOutdated } from '@/entities/privacy';
import { frappeConfig } from '@/lib/frappe';
import { RenderLang, type Lang } from '@/lib/i18n';
import { common } from '@/lib/i18n/catalog/common';
import { renderingOnServer } from '@/lib/server-state';
import { createAppRouter } from '@/router';

export interface MemberPage {
  html: string;
  /** The answers the page was rendered from, for the app's query cache. */
  state: DehydratedState;
  /** The page's words in its <head>, in its language (the built template's are Thai). */
  head: { description: string; appTitle: string };
}

const visitorFetch = new AsyncLocalStorage<typeof fetch>();
frappeConfig.fetch = (input, init) => {
  const fetchFor = visitorFetch.getStore();
  if (!fetchFor) return Promise.reject(new Error('a server render reads only within renderMemberPage'));
  return fetchFor(input, init);
};
onlineManager.setOnline(true);
renderingOnServer();

/** A screen asks for more renders than this only when a read keeps leading to another: render what is there. */
const MAX_PASSES = 4;

const waiting = (query: Query) => {
  const { queryFn, meta } = query.options;
  // A screen's own option, on the query its render created (QueryOptions does not name it).
  const { enabled } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
  if (query.state.status !== 'pending' || queryFn === skipToken || meta?.device === true) return false;
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
};

/**
 * `path` for the visitor `fetchFor` reads as, in their language; null when the app would not show them that page (a
 * redirect).
 */
export function renderMemberPage(path: string, fetchFor: typeof fetch, lang: Lang = 'th'): Promise<MemberPage | null> {
  return visitorFetch.run(fetchFor, async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    try {
      const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
      await router.load();
      const { location, matches } = router.state;
      const asked = path.split('?')[0]!.replace(/(.)\/+$/, '$1');
      if (location.pathname.replace(/(.)\/+$/, '$1') !== asked || matches.length === 0 || matches.some((m) => m.status !== 'success')) return null;
      // React's static renderer waits for every lazy screen part (a chunk imported on first use) instead of leaving
      // its boundary to the browser, which would draw it afresh, and say so, as it took the page over.
      const render = async () => {
        const { prelude } = await prerenderToNodeStream(
          <RenderLang value={lang}>
            <AppProviders queryClient={queryClient}>
              <RouterProvider router={router} />
            </AppProviders>
          </RenderLang>,
          // Every boundary in place: a large one would otherwise be sent apart, with a script to move it in.
          { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
        );
        const chunks: Buffer[] = [];
        for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
        const html = Buffer.concat(chunks).toString('utf8');
        // The router's inline scroll-restoration script: the CSP (script-src 'self') refuses it, and the app
        // restores scrolling itself once it runs.
        return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
      };
      let html = await render();
      for (let pass = 1; pass < MAX_PASSES; pass++) {
        const reads = queryClient.getQueryCache().getAll().filter(waiting);
        if (reads.length === 0) break;
        await Promise.allSettled(reads.map((q) => q.fetch()));
        html = await render();
      }
      // A part that failed on the server is left to the browser, which would redraw it and report it as it took the page
      // over: then the app draws the page itself, as on any page the server does not render.
      if (html.includes('<!--$!-->')) return null;
      // A member asked to agree to a newer privacy notice sees it in a dialog only the browser draws (a portal): the
      // server's page would be empty, where the frame at least paints the app's outline.
      const consents = queryClient.getQueryData(consentsQuery().queryKey);
      if (consents && noticeOutdated(consents)) return null;
      return { html, state: dehydrate(queryClient), head: { description: common[lang].appDescription, appTitle: common[lang].appShortName } };
    } finally {
      queryClient.clear();
    }
  });
}
