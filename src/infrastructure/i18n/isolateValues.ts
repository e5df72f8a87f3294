import type { FormatterModule } from 'i18next';

/**
 * An i18next formatter for right-to-left pages: every interpolated value is isolated (FSI … PDI), so an amount keeps
 * its own order ("-€5", never "€5-") and a name in another script keeps its own direction inside the sentence.
 * Loaded only when the page language is right to left.
 */
const isolateValues: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  format: (value: unknown) => `\u2068${String(value)}\u2069`,
};

export default isolateValues;
