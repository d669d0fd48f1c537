/**
 * The brand's colour and mark, free of React and Mantine: the theme (./theme.ts), the header's BrandMark and the
 * member card's QR (src/components/qr-canvas.ts, which the boot module draws with before the framework) read them here.
 */

/** Brand crimson: the theme's primary shade (it carries white text at 5.7:1), theme_color in manifest.webmanifest
 * and <meta name="theme-color">. */
export const BRAND_COLOR = '#c2255c';

/** The brand mark is a white star on a crimson coin, the artwork of the app icons: its star, on a 64×64 grid. */
export const BRAND_STAR_PATH = 'M32 14.5l5.1 10.4 11.4 1.7-8.3 8.1 2 11.4L32 40.7l-10.2 5.4 2-11.4-8.3-8.1 11.4-1.7Z';

