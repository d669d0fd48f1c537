/**
 * The brand's colour, free of React and Mantine: the theme (./theme.ts) and the member card's QR
 * (src/components/qr-canvas.ts, which the boot module draws with before the framework) read it here.
 * Same value as theme_color in manifest.webmanifest and <meta name="theme-color">; it carries white text at 5.7:1.
 */
export const BRAND_COLOR = '#c2255c';
