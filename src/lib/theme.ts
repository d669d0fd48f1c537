import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { BRAND_COLOR } from './brand';

/** Brand crimson. Shade 7 (./brand.ts) carries white text at 5.7:1, so it is the primary shade in light mode. */
export const brand: MantineColorsTuple = [
  '#fff0f6',
  '#ffdeeb',
  '#fcc2d7',
  '#faa2c1',
  '#f783ac',
  '#f06595',
  '#e64980',
  BRAND_COLOR,
  '#a61e4d',
  '#8a1a40',
];

/**
 * System fonts only (no web-font download): every phone has a Thai face (Thonburi on iOS, Noto Sans Thai on
 * Android, Leelawadee UI on Windows); the named Thai faces come before the generic fallbacks so Latin and Thai
 * glyphs are not mixed from unrelated families where a Thai-capable one exists.
 */
export const FONT_STACK = [
  '"Noto Sans Thai"',
  '"Noto Sans Thai UI"',
  'Sarabun',
  'Thonburi',
  '"Leelawadee UI"',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  'Tahoma',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(', ');

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK, fontWeight: '700' },
  // Thai stacks tone marks above and vowels below the line: a little more leading than Latin needs.
  lineHeights: { xs: '1.45', sm: '1.5', md: '1.6', lg: '1.6', xl: '1.65' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
});

/** Mantine's default dimmed text (gray 6) is 3.3:1 on white; gray 7 reads at 8:1 and passes WCAG AA. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  // Error text and invalid inputs: Mantine's red 6 is 3.6:1 on white; red 9 reads at 5.4:1 (WCAG AA).
  light: {
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    '--mantine-color-error': t.colors.red[9] ?? '#c92a2a',
    // Light-variant badges, buttons and alerts write in their colour's 6th shade by default (about 3:1 on the tint):
    // shade 9 keeps small text readable (WCAG AA).
    ...Object.fromEntries(Object.keys(t.colors).map((c) => [`--mantine-color-${c}-light-color`, `var(--mantine-color-${c}-9)`])),
  },
  dark: {},
});
