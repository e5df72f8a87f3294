/** Reads the locale folders from disk, as the build merges them (one object per locale). */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const LOCALES_DIR = join(__dirname, '../../../src/infrastructure/i18n/locales');

export function localeFolders(): string[] {
  return readdirSync(LOCALES_DIR)
    .filter((name) => statSync(join(LOCALES_DIR, name)).isDirectory())
    .sort();
}

export function namespaceFiles(locale: string): string[] {
  return readdirSync(join(LOCALES_DIR, locale))
    .filter((name) => name.endsWith('.json'))
    .sort();
}

export function readNamespace(locale: string, file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(LOCALES_DIR, locale, file), 'utf8')) as Record<string, unknown>;
}

/** All namespace files of a locale merged, like locales/<lang>.ts does with import.meta.glob. */
export function readLocale(locale: string): Record<string, unknown> {
  return Object.assign({}, ...namespaceFiles(locale).map((file) => readNamespace(locale, file)));
}
