// This locale's namespace files, each loadable on its own (vite.config.ts groups them into two chunks).
export default import.meta.glob<Readonly<Record<string, unknown>>>('./es/*.json', { import: 'default' });
