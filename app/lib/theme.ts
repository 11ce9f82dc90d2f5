/** The club's Mantine theme: its red (#ed1c24) as the primary colour. */
import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineProviderProps,
} from '@mantine/core';

export { CLUB_RED } from '../../domain/brand.ts';

// Shades generated around #ed1c24 (index 6); darker shades keep text on white above 4.5:1 contrast.
const clubRed: MantineColorsTuple = [
  '#ffe9ea',
  '#ffd1d3',
  '#fca1a4',
  '#f96d72',
  '#f74248',
  '#f5272e',
  '#ed1c24',
  '#c8141b',
  '#b30f16',
  '#9c0710',
];

export const theme = createTheme({
  primaryColor: 'club',
  primaryShade: { light: 7, dark: 6 },
  colors: { club: clubRed },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  defaultRadius: 'md',
});

/**
 * Mantine's dimmed text (gray 6) and error red (red 6) reach only about 3.3:1 on white; gray 7 and red 8 stay
 * recognisable and pass 4.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': current.colors.gray[7]!,
    '--mantine-color-error': current.colors.red[8]!,
  },
  dark: {},
});

/**
 * The provider's settings, shared by the page shell (app/root.tsx) and the build's theme stylesheet
 * (theme-stylesheet.ts), which holds the CSS the provider would otherwise write into every page.
 */
export const themeProviderProps = {
  theme,
  forceColorScheme: 'light',
  cssVariablesResolver,
} satisfies Partial<MantineProviderProps>;
