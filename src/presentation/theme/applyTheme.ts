import type {
  MessengerPlatform,
  PlatformName,
  ThemeColors,
  Unsubscribe,
} from '../../application/ports/MessengerPlatform';
import { lookForPlatform } from './look';
import { paletteVariables, resolvePalette } from './palette';

/**
 * Paints the page: `data-look` (apple | material), `data-scheme` (light | dark), the `--tg-theme-*`
 * variables, and the host's header and background colours through the platform port. Apply it to <body>: the
 * SDK may write its raw (not contrast-checked) colours to <html>, and values set on <body> win below it.
 */
export function applyTheme(
  root: HTMLElement,
  platform: MessengerPlatform,
  platformName: PlatformName,
  theme: ThemeColors,
  isDark: boolean,
): void {
  const palette = resolvePalette(theme, isDark);
  root.dataset.look = lookForPlatform(platformName);
  root.dataset.scheme = isDark ? 'dark' : 'light';
  root.style.colorScheme = isDark ? 'dark' : 'light';
  for (const [name, value] of Object.entries(paletteVariables(palette))) root.style.setProperty(name, value);
  platform.setHeaderColor(palette.secondaryBgColor);
  platform.setBackgroundColor(palette.secondaryBgColor);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', palette.secondaryBgColor);
}

/** Applies the launch theme now and again whenever the messenger's theme changes. */
export function startTheme(root: HTMLElement, platform: MessengerPlatform): Unsubscribe {
  const launch = platform.launchInfo();
  applyTheme(root, platform, launch.platform, launch.theme, launch.isDark);
  return platform.onThemeChanged((theme, isDark) => applyTheme(root, platform, launch.platform, theme, isDark));
}
