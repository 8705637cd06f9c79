import {
  Badge,
  Notification,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  luminance,
  parseThemeColor,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';

/** WCAG AA for normal text (axe's color-contrast rule): telecallers read these screens outdoors. */
const AA = 4.5;
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
const readableCache = new Map<string, string>();
/** The color, darkened in small steps until it reads against `against` at AA (every button asks: kept). */
function readable(color: string, against: string): string {
  const key = `${color}/${against}`;
  let c = readableCache.get(key);
  if (c) return c;
  c = color;
  for (let i = 0; i < 12 && contrast(c, against) < AA; i++) c = darken(c, 0.08);
  readableCache.set(key, c);
  return c;
}

/**
 * Mantine's palette keeps its hues, but text on filled buttons (white on green or blue), and the
 * text of light and outline buttons and badges (orange on pale orange), is made to read at AA.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  const palette = input.theme.colors[parsed.color]!;
  if (input.variant === 'filled' && !input.autoContrast) {
    const background = readable(parsed.value, '#ffffff');
    return { ...colors, background, hover: darken(background, 0.1), color: '#ffffff' };
  }
  if (input.variant === 'light' || input.variant === 'outline') {
    // Against the pale tint (light) or the page (outline): readable against either.
    return { ...colors, color: readable(palette[9]!, palette[1]!) };
  }
  return colors;
};

export const theme = createTheme({
  primaryColor: 'blue',
  // Blue 8 (#1971c2): white on it, and it on white, read at 5:1 (blue 6 was 3.6:1).
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  variantColorResolver,
  components: {
    // A squeezed table column must not cut a status to "Acti…".
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
    // A toast's close button is an icon: it needs a name for screen readers.
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // So is a dialog's; a plain object, so that the theme does not pull Modal into the first load.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/** Secondary text (Mantine's "dimmed", gray 6 = 3.3:1 on white) one shade darker: 7.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-anchor': 'var(--mantine-color-blue-8)' },
  dark: {},
});
