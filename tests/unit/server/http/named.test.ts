import { named } from '../../../../server/platform/http/named';

describe('named plugins', () => {
  const displayName = (plugin: unknown) => (plugin as Record<symbol, string>)[Symbol.for('fastify.display-name')];

  it("gives a plugin Fastify's display name once and keeps one it already has", () => {
    const plugin = async () => undefined;
    expect(named(plugin, 'first')).toBe(plugin);
    named(plugin, 'second');
    expect(displayName(plugin)).toBe('first');
    expect(displayName(named(async function routesPlugin() {}))).toBe('routesPlugin');
  });
});
