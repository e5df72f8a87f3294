import { ConfirmMigration } from '../../../../src/application/use-cases/migration/ConfirmMigration';
import { RefuseMigration } from '../../../../src/application/use-cases/migration/RefuseMigration';
import { createWorld } from '../support/world';

function setup() {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  world.seed.migration(creator.id, [{ chatId: -100500, name: 'Old', link: 'https://t.me/old', activeSubscribers: 12 }]);
  const ports = world.as(creator);
  return { world, ports, request: () => world.backend.userRecord(creator.id).migration?.request ?? null };
}

describe('ConfirmMigration', () => {
  it('asks to tick the terms first and queues nothing', async () => {
    const { ports, request } = setup();
    const result = await new ConfirmMigration(ports.migration).execute({ termsAccepted: false });
    expect(result).toEqual({ ok: false, error: { kind: 'invalid', code: 'migration_terms_alert' } });
    expect(request()).toBeNull();
  });

  it('queues a request once the terms are accepted', async () => {
    const { ports, request } = setup();
    const result = await new ConfirmMigration(ports.migration).execute({ termsAccepted: true });
    expect(result.ok && result.value).toMatchObject({ status: 'queued', positionInQueue: 1 });
    expect(request()?.status).toBe('queued');
  });
});

describe('RefuseMigration', () => {
  it('drops the request and stops the dashboard offering the migration', async () => {
    const { ports, request } = setup();
    await new ConfirmMigration(ports.migration).execute({ termsAccepted: true });
    expect(await new RefuseMigration(ports.migration).execute()).toEqual({ ok: true, value: undefined });
    expect(request()).toBeNull();
    expect((await ports.dashboard.load('creator')).migrationAvailable).toBe(false);
  });

  it('reports not_found when no migration is offered', async () => {
    const world = createWorld();
    const ports = world.as(world.seed.user({ verification: 'approved' }));
    expect(await new RefuseMigration(ports.migration).execute()).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'not_found' }),
    });
  });
});
