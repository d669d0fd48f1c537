import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../src/lib/i18n/catalog/auth';
import { common } from '../../src/lib/i18n/catalog/common';
import { GUEST, MEMBER, loadRenderer, prerenderedDocument } from '../../src/prerender/plugin';

/**
 * The build's prerender step (src/prerender/): pages rendered with React's server renderer through the app's own
 * router, layouts and theme, in Thai, and written into the built index.html.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
let renderer: Awaited<ReturnType<typeof loadRenderer>>;

beforeAll(async () => {
  renderer = await loadRenderer({ root, configFile: `${root}vite.config.ts`, mode: 'production' });
});
afterAll(async () => {
  await renderer.close();
});

describe('prerendered pages', () => {
  it('/login: the Thai heading and the LINE button inside the guest frame, with the theme and no script', async () => {
    const { html, routeIds } = await renderer.renderPage('/login', GUEST);
    expect(routeIds).toEqual(['__root__', '/_guest', '/_guest/login']);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${auth.th.loginTitle}</h1>`));
    expect(html).toContain(auth.th.loginWithLine);
    expect(html).toContain('<header');
    expect(html).toContain('data-mantine-styles');
    expect(html).not.toContain('<script');
  });

  it("the member frame: the header and the tab bar, and the addresses drawn in the same frame", async () => {
    const { html, framePaths } = await renderer.renderPage('/', MEMBER);
    expect(html).toContain(`aria-label="${common.th.navLabel}"`);
    expect(html).toContain(common.th.navHome);
    expect(framePaths.sort()).toEqual(['/', '/my-account']);
  });

  it('refuses a page the app would not show at that address (a signed-in member is sent on from /login)', async () => {
    await expect(renderer.renderPage('/login', MEMBER)).rejects.toThrow(/prerender \/login/);
  });

  it("writes the page inside the built index.html's #root, with its own stylesheets inlined after the shared ones", () => {
    const template = [
      '<html><head>',
      '<script type="module" async crossorigin src="/assets/boot-3.js"></script>',
      '<script type="module" crossorigin src="/assets/main-4.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/framework-5.js">',
      '<link rel="stylesheet" href="/assets/index-1.css">',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n');
    const css = [
      { href: '/assets/index-1.css', text: 'body{margin:0}' },
      { href: '/assets/auth-2.css', text: '.card{content:"</style>"}' },
    ];
    const doc = prerenderedDocument(template, '<h1>ยินดีต้อนรับ</h1>', ['/login'], css);
    expect(doc).toContain('<div id="root" data-prerendered="/login"><h1>ยินดีต้อนรับ</h1></div>');
    // The shared stylesheet stays linked once; the page's own is inlined (no request before the first paint)...
    expect(doc.match(/index-1\.css/g)).toHaveLength(1);
    expect(doc).not.toContain('body{margin:0}');
    expect(doc).not.toMatch(/<link[^>]+auth-2\.css/);
    // ...in the head, and its text cannot close the style element early.
    expect(doc.indexOf('<style data-href="/assets/auth-2.css">.card{')).toBeLessThan(doc.indexOf('</head>'));
    expect(doc.match(/<\/style>/g)).toHaveLength(1);
    expect(() => prerenderedDocument(template, '<h1>Welcome</h1>', ['/login'], [])).toThrow(/no Thai page/);
    // The member frame too leaves the app's start to the boot module: after the member card's code has painted, or
    // after the first paint, the framework's scripts are fetched and run.
    expect(doc).not.toMatch(/<script[^>]+main-4\.js/);
    expect(doc).toContain('<script type="module" async crossorigin src="/assets/boot-3.js"></script>');
    expect(doc).toContain('<meta name="app-entry" content="/assets/main-4.js" data-preload="/assets/framework-5.js">');
  });

  it('a guest page inlines the shared stylesheet too and leaves the start of the app to the boot module, after the paint', () => {
    const template = [
      '<html><head>',
      '<script type="module" async crossorigin src="/assets/boot-1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/boot-dep-2.js">',
      '<script type="module" crossorigin src="/assets/main-3.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/framework-4.js">',
      '<link rel="modulepreload" crossorigin href="/assets/session-5.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-6.css">',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n');
    const doc = prerenderedDocument(template, '<h1>ยินดีต้อนรับ</h1>', ['/login'], [{ href: '/assets/index-6.css', text: 'body{margin:0}' }], { guest: true, signedInLeave: true });
    // Nothing but the page itself before the first paint: no stylesheet to fetch, no framework script...
    expect(doc).not.toMatch(/<link rel="stylesheet"/);
    expect(doc).toContain('<style data-href="/assets/index-6.css">body{margin:0}</style>');
    expect(doc).not.toMatch(/<script[^>]+main-3\.js/);
    expect(doc).not.toMatch(/<link[^>]+(framework-4|session-5)\.js/);
    // ...and the boot module, which starts the entry with its preloads once the page has painted.
    expect(doc).toContain('<script type="module" async crossorigin src="/assets/boot-1.js"></script>');
    expect(doc).toContain('<link rel="modulepreload" crossorigin href="/assets/boot-dep-2.js">');
    expect(doc).toContain('<meta name="app-entry" content="/assets/main-3.js" data-preload="/assets/framework-4.js /assets/session-5.js">');
    // A page the app sends signed-in visitors away from says so for the boot module.
    expect(doc).toContain('<div id="root" data-prerendered="/login" data-signed-in-leave><h1>');
  });
});

describe("the pages' head", () => {
  it("says in index.html (Thai, every page's template) what the common catalogue says, which the server's pages use in their own language", () => {
    const index = readFileSync(`${root}index.html`, 'utf8');
    expect(index).toContain(`<meta name="description" content="${common.th.appDescription}" />`);
    expect(index).toContain(`<meta name="apple-mobile-web-app-title" content="${common.th.appShortName}" />`);
  });
});
