import type { FormatterModule } from 'i18next';
import { textDirection } from './languages';

/**
 * An i18next formatter for right-to-left pages: every interpolated value is isolated (FSI … PDI), so an amount keeps
 * its own order ("-€5", never "€5-") and a name in another script keeps its own direction inside the sentence.
 * Left to right, values pass unchanged; the page may switch direction without starting again.
 */
const isolateValues: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  // Left to right the value itself (undefined stays undefined: i18next then reports the missing value).
  format: (value: unknown, _format: string | undefined, language: string | undefined) =>
    language !== undefined && textDirection(language) === 'rtl' ? `\u2068${String(value)}\u2069` : (value as string),
};

export default isolateValues;
