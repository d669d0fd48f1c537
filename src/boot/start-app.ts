/**
 * A built page is read (or its member card drawn) before the app's scripts run, so its HTML does not start the app: the
 * build writes the entry and its module preloads into `<meta name="app-entry">` (src/prerender/plugin.ts
 * startAfterPaint), and this starts them once the page has painted. On a slow connection the framework's scripts then
 * no longer share the line with the page and its styles. A hidden page has no paint to wait for; it starts at once.
 * A page without the meta (the development server's index.html) started its entry itself.
 */
export function startAppAfterPaint(doc: Document = document): void {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="app-entry"]');
  if (!meta) return;
  // Started once, whoever calls again.
  meta.remove();
  const start = () => {
    for (const href of (meta.dataset.preload ?? '').split(' ').filter(Boolean)) {
      doc.head.append(Object.assign(doc.createElement('link'), { rel: 'modulepreload', crossOrigin: 'anonymous', href }));
    }
    doc.head.append(Object.assign(doc.createElement('script'), { type: 'module', crossOrigin: 'anonymous', src: meta.content }));
  };
  // requestAnimationFrame runs just before the next paint; the timeout after it.
  if (doc.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
}
