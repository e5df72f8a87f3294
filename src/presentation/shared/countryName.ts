/** A country's name in the page language from its ISO2 code (Intl knows them all), or the code itself. */
export function countryName(iso2: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(iso2.toUpperCase()) ?? iso2;
  } catch {
    return iso2;
  }
}
