/**
 * The page language's first texts, asked for by index.html's inline script while the entry downloads.
 * English is in the entry (main.tsx); every other language's first-screen namespaces are a chunk of their own, which
 * the app would request only once the entry has run: one more round trip before a non-English first paint. The script
 * picks the language as the app does (`resolvePageLanguage` over the stored choice and the launch's
 * user.language_code); on a reload without launch data in the URL only a stored choice is known, and if the app then
 * picks another language it simply loads that one's texts itself.
 */
import { type LaunchLocation, signedLaunchDataFrom } from '../http/authToken';
import { launchUserLanguage } from '../telegram/launchParams';
import { LANGUAGE_STORAGE_KEY, resolvePageLanguage } from './languages';

/** Per page language, the modules its first screen loads besides the entry (vite.config.ts fills it from the build). */
export type FirstScreenModules = Readonly<Record<string, readonly string[]>>;

export interface EarlyTextsEnvironment {
  readonly location: LaunchLocation;
  /** Where BrowserStorage keeps the chosen page language; reading it may throw (blocked storage). */
  readonly storage: () => Pick<Storage, 'getItem'> | undefined;
  readonly modules: FirstScreenModules;
  /** Starts loading one module without running it (`<link rel="modulepreload">`). */
  readonly preload: (href: string) => void;
}

/** Starts loading the first-screen modules of the language the app will show; answers that language. */
export function preloadPageLanguage(environment: EarlyTextsEnvironment): string {
  let stored: string | null = null;
  try {
    stored = environment.storage()?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    // Storage blocked: the app falls back to the launch's language as well.
  }
  const launchData = signedLaunchDataFrom(environment.location);
  const language = resolvePageLanguage({
    stored,
    messenger: launchData === undefined ? undefined : launchUserLanguage(launchData),
  });
  for (const href of environment.modules[language] ?? []) environment.preload(href);
  return language;
}
