/**
 * The `--tg-theme-*` CSS variables from the messenger's theme colours, with fallbacks for missing or invalid
 * colours, and every text colour nudged until it meets WCAG AA (4.5:1) on the surfaces it is drawn on.
 */
import type { ThemeColors } from '../../application/ports/MessengerPlatform';
import { type Rgb, AA_TEXT, contrastRatio, ensureContrast, mix, parseHex, readableOn, toHex } from './contrast';

type ColorName = keyof ThemeColors;

/** Fallbacks close to the messenger's own defaults, already AA-safe. */
export const FALLBACK_COLORS: Readonly<Record<'light' | 'dark', Required<ThemeColors>>> = {
  light: {
    bgColor: '#ffffff',
    secondaryBgColor: '#efeff4',
    sectionBgColor: '#ffffff',
    headerBgColor: '#efeff4',
    textColor: '#000000',
    hintColor: '#666669',
    subtitleTextColor: '#666669',
    sectionHeaderTextColor: '#666669',
    linkColor: '#1a6fb5',
    accentTextColor: '#1a6fb5',
    buttonColor: '#1a6fb5',
    buttonTextColor: '#ffffff',
    destructiveTextColor: '#c62828',
  },
  dark: {
    bgColor: '#1c1c1d',
    secondaryBgColor: '#0f0f10',
    sectionBgColor: '#1c1c1d',
    headerBgColor: '#0f0f10',
    textColor: '#ffffff',
    hintColor: '#9a9aa0',
    subtitleTextColor: '#9a9aa0',
    sectionHeaderTextColor: '#9a9aa0',
    linkColor: '#64b5f6',
    accentTextColor: '#64b5f6',
    buttonColor: '#2f6ea5',
    buttonTextColor: '#ffffff',
    destructiveTextColor: '#ff6b6b',
  },
};

const VARIABLE_NAMES: Readonly<Record<ColorName, string>> = {
  bgColor: '--tg-theme-bg-color',
  secondaryBgColor: '--tg-theme-secondary-bg-color',
  sectionBgColor: '--tg-theme-section-bg-color',
  headerBgColor: '--tg-theme-header-bg-color',
  textColor: '--tg-theme-text-color',
  hintColor: '--tg-theme-hint-color',
  subtitleTextColor: '--tg-theme-subtitle-text-color',
  sectionHeaderTextColor: '--tg-theme-section-header-text-color',
  linkColor: '--tg-theme-link-color',
  accentTextColor: '--tg-theme-accent-text-color',
  buttonColor: '--tg-theme-button-color',
  buttonTextColor: '--tg-theme-button-text-color',
  destructiveTextColor: '--tg-theme-destructive-text-color',
};

/** Messenger colours plus the tinted-button background derived from them. */
export type Palette = Readonly<Record<ColorName | 'tintedBgColor', string>>;

/** How much of the button colour tints a tinted button's background. */
const TINT = 0.12;

/** The final colours: messenger colours where valid, fallbacks elsewhere, text colours made AA-safe. */
export function resolvePalette(theme: ThemeColors, isDark: boolean): Palette {
  const fallback = FALLBACK_COLORS[isDark ? 'dark' : 'light'];
  const pick = (name: ColorName): Rgb => parseHex(theme[name]) ?? (parseHex(fallback[name]) as Rgb);

  const bg = pick('bgColor');
  const secondaryBg = pick('secondaryBgColor');
  const sectionBg = parseHex(theme.sectionBgColor) ?? bg;
  const headerBg = parseHex(theme.headerBgColor) ?? secondaryBg;
  const surfaces = [bg, secondaryBg, sectionBg];
  const tintedBg = mix(sectionBg, pick('buttonColor'), TINT);

  // Body text must read on every surface; if the messenger's does not, take black or white instead.
  let text = pick('textColor');
  if (!surfaces.every((surface) => contrastRatio(text, surface) >= AA_TEXT))
    text = ensureContrast(readableOn(sectionBg), surfaces);
  const onSurfaces = (name: ColorName): Rgb => ensureContrast(pick(name), surfaces);

  // Filled buttons keep the messenger's label colour; the button is darkened (light label) or lightened
  // (dark label) until the label reads on it.
  const buttonText = pick('buttonTextColor');
  const button = ensureContrast(pick('buttonColor'), [buttonText], AA_TEXT, readableOn(buttonText));

  return {
    bgColor: toHex(bg),
    secondaryBgColor: toHex(secondaryBg),
    sectionBgColor: toHex(sectionBg),
    headerBgColor: toHex(headerBg),
    textColor: toHex(text),
    hintColor: toHex(onSurfaces('hintColor')),
    subtitleTextColor: toHex(
      parseHex(theme.subtitleTextColor) ? onSurfaces('subtitleTextColor') : onSurfaces('hintColor'),
    ),
    sectionHeaderTextColor: toHex(
      parseHex(theme.sectionHeaderTextColor) ? onSurfaces('sectionHeaderTextColor') : onSurfaces('hintColor'),
    ),
    // Links also label tinted buttons.
    linkColor: toHex(ensureContrast(pick('linkColor'), [...surfaces, tintedBg])),
    tintedBgColor: toHex(tintedBg),
    accentTextColor: toHex(parseHex(theme.accentTextColor) ? onSurfaces('accentTextColor') : onSurfaces('linkColor')),
    buttonColor: toHex(button),
    buttonTextColor: toHex(buttonText),
    destructiveTextColor: toHex(onSurfaces('destructiveTextColor')),
  };
}

/** The palette as CSS custom properties. */
export function paletteVariables(palette: Palette): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const name of Object.keys(VARIABLE_NAMES) as ColorName[]) variables[VARIABLE_NAMES[name]] = palette[name];
  variables['--app-tinted-bg-color'] = palette.tintedBgColor;
  return variables;
}
