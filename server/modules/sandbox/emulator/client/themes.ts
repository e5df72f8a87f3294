/**
 * Theme parameters as Telegram's own apps send them (tgWebAppThemeParams / theme_changed), per platform family and
 * colour scheme. Values were taken from launch parameters recorded in the real clients (iOS day and night, Android
 * day and night, Telegram Desktop day and night blue).
 */
export type ColorScheme = 'light' | 'dark';
export type PlatformFamily = 'ios' | 'android' | 'tdesktop';

export interface ThemeParams {
  bg_color: string;
  text_color: string;
  hint_color: string;
  link_color: string;
  button_color: string;
  button_text_color: string;
  secondary_bg_color: string;
  header_bg_color: string;
  bottom_bar_bg_color: string;
  accent_text_color: string;
  section_bg_color: string;
  section_header_text_color: string;
  section_separator_color: string;
  subtitle_text_color: string;
  destructive_text_color: string;
}

const themes: Record<PlatformFamily, Record<ColorScheme, ThemeParams>> = {
  ios: {
    light: {
      bg_color: '#ffffff',
      text_color: '#000000',
      hint_color: '#8e8e93',
      link_color: '#007aff',
      button_color: '#007aff',
      button_text_color: '#ffffff',
      secondary_bg_color: '#efeff4',
      header_bg_color: '#f8f8f8',
      bottom_bar_bg_color: '#f2f2f2',
      accent_text_color: '#007aff',
      section_bg_color: '#ffffff',
      section_header_text_color: '#6d6d72',
      section_separator_color: '#c8c7cc',
      subtitle_text_color: '#8e8e93',
      destructive_text_color: '#ff3b30',
    },
    dark: {
      bg_color: '#000000',
      text_color: '#ffffff',
      hint_color: '#98989e',
      link_color: '#3e88f7',
      button_color: '#3e88f7',
      button_text_color: '#ffffff',
      secondary_bg_color: '#1c1c1d',
      header_bg_color: '#1a1a1a',
      bottom_bar_bg_color: '#1d1d1d',
      accent_text_color: '#3e88f7',
      section_bg_color: '#2c2c2e',
      section_header_text_color: '#8d8e93',
      section_separator_color: '#545458',
      subtitle_text_color: '#98989e',
      destructive_text_color: '#eb5545',
    },
  },
  android: {
    light: {
      bg_color: '#ffffff',
      text_color: '#222222',
      hint_color: '#a8a8a8',
      link_color: '#2678b6',
      button_color: '#50a8eb',
      button_text_color: '#ffffff',
      secondary_bg_color: '#f0f0f0',
      header_bg_color: '#527da3',
      bottom_bar_bg_color: '#f0f0f0',
      accent_text_color: '#1c93e3',
      section_bg_color: '#ffffff',
      section_header_text_color: '#3a95d5',
      section_separator_color: '#d9d9d9',
      subtitle_text_color: '#82868a',
      destructive_text_color: '#cc2929',
    },
    dark: {
      bg_color: '#212d3b',
      text_color: '#ffffff',
      hint_color: '#7d8b99',
      link_color: '#5eabe1',
      button_color: '#50a8eb',
      button_text_color: '#ffffff',
      secondary_bg_color: '#151e27',
      header_bg_color: '#242d39',
      bottom_bar_bg_color: '#151e27',
      accent_text_color: '#64b5ef',
      section_bg_color: '#1d2733',
      section_header_text_color: '#79c4fc',
      section_separator_color: '#0d1218',
      subtitle_text_color: '#7b8790',
      destructive_text_color: '#ee686f',
    },
  },
  tdesktop: {
    light: {
      bg_color: '#ffffff',
      text_color: '#000000',
      hint_color: '#999999',
      link_color: '#168acd',
      button_color: '#40a7e3',
      button_text_color: '#ffffff',
      secondary_bg_color: '#f1f1f1',
      header_bg_color: '#ffffff',
      bottom_bar_bg_color: '#ffffff',
      accent_text_color: '#168acd',
      section_bg_color: '#ffffff',
      section_header_text_color: '#168acd',
      section_separator_color: '#e7e7e7',
      subtitle_text_color: '#999999',
      destructive_text_color: '#d14e4e',
    },
    dark: {
      bg_color: '#17212b',
      text_color: '#f5f5f5',
      hint_color: '#708499',
      link_color: '#6ab3f3',
      button_color: '#5288c1',
      button_text_color: '#ffffff',
      secondary_bg_color: '#232e3c',
      header_bg_color: '#17212b',
      bottom_bar_bg_color: '#17212b',
      accent_text_color: '#6ab2f2',
      section_bg_color: '#17212b',
      section_header_text_color: '#6ab3f3',
      section_separator_color: '#111921',
      subtitle_text_color: '#708499',
      destructive_text_color: '#ec3942',
    },
  },
};

export function themeFor(family: PlatformFamily, scheme: ColorScheme): ThemeParams {
  return { ...themes[family][scheme] };
}

const hexPattern = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && hexPattern.test(value);
}

/** Relative luminance (WCAG 2) of a #rrggbb or #rgb colour. */
export function luminance(hex: string): number {
  const digits =
    hex.length === 4
      ? hex
          .slice(1)
          .split('')
          .map((d) => d + d)
          .join('')
      : hex.slice(1);
  const channel = (offset: number) => {
    const value = parseInt(digits.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** Black or white, whichever reads better on the given background (the header title over an app-chosen colour). */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  const l = luminance(background);
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / 0.05;
  return onBlack >= onWhite ? '#000000' : '#ffffff';
}

/**
 * Resolves a colour the app sent: a hex value, or a theme key such as `bg_color` / `secondary_bg_color`
 * (web_app_set_header_color's color_key, web_app_set_background_color in older clients).
 */
export function resolveColor(value: unknown, theme: ThemeParams): string | undefined {
  if (isHexColor(value)) return value.toLowerCase();
  if (typeof value === 'string' && value in theme) return theme[value as keyof ThemeParams];
  return undefined;
}
