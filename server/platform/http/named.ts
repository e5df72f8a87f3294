/**
 * A plugin with Fastify's display name (the symbol fastify-plugin sets). Registering a plugin without one makes
 * Fastify look for its name by scanning every loaded module (plugin-utils.js getPluginName walks require.cache),
 * twice per registration: under Jest's module registry that is most of a second per server start.
 */
const DISPLAY_NAME = Symbol.for('fastify.display-name');

export function named<P extends (...args: never[]) => unknown>(plugin: P, name: string = plugin.name): P {
  (plugin as unknown as Record<symbol, string>)[DISPLAY_NAME] ??= name || 'plugin';
  return plugin;
}
