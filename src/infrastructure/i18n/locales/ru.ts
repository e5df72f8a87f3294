import type { Translations } from '../i18n';

// Every namespace file of this locale, merged into one object at build time (one chunk per locale).
const files = import.meta.glob<Translations>('./ru/*.json', { eager: true, import: 'default' });
const translations: Translations = Object.assign({}, ...Object.values(files));
export default translations;
