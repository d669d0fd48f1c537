/**
 * The brand's colours and mark, free of React and Mantine: the theme (./theme.ts), the header's BrandMark and the
 * member card's QR (src/components/qr-canvas.ts, which the boot module draws with before the framework) read them here.
 */

/** Brand crimson, lightest to darkest (Mantine's ten shades). Shade 7 (#c2255c) carries white text at 5.7:1. */
export const BRAND_SHADES = ['#fff0f6', '#ffdeeb', '#fcc2d7', '#faa2c1', '#f783ac', '#f06595', '#e64980', '#c2255c', '#a61e4d', '#8a1a40'] as const;

/** Same value as theme_color in manifest.webmanifest and <meta name="theme-color">. */
export const BRAND_COLOR = BRAND_SHADES[7];

/** The brand mark is a white star on a crimson coin, the artwork of the app icons: its star, on a 64×64 grid. */
export const BRAND_STAR_PATH = 'M32 14.5l5.1 10.4 11.4 1.7-8.3 8.1 2 11.4L32 40.7l-10.2 5.4 2-11.4-8.3-8.1 11.4-1.7Z';

