/** Channel languages (spec section 1: ru, en, id are offered as channel and user languages). Names are data. */
import type { LanguageCode } from '../../src/domain/entities';
import type { LanguageDto } from '../../src/contract/api';

export const CHANNEL_LANGUAGES: readonly LanguageDto[] = [
  { code: 'en', name: 'English', englishName: 'English' },
  { code: 'ru', name: 'Русский', englishName: 'Russian' },
  { code: 'id', name: 'Bahasa Indonesia', englishName: 'Indonesian' },
];

export function languageOf(code: LanguageCode): LanguageDto {
  return CHANNEL_LANGUAGES.find((language) => language.code === code) ?? CHANNEL_LANGUAGES[0]!;
}
