import type { MigrationRepository } from '../../src/application/ports/MigrationRepository';
import { type MakeContractSubject, expectCode, useContractSubject } from './fixture';

const OLD_CHANNELS = [
  { chatId: -100111, name: 'Small', link: 'https://t.me/small', activeSubscribers: 2 },
  { chatId: -100222, name: 'Big', link: 'https://t.me/big', activeSubscribers: 40 },
];

export function describeMigrationRepositoryContract(
  name: string,
  make: MakeContractSubject<MigrationRepository>,
): void {
  describe(`${name} (MigrationRepository contract)`, () => {
    const subject = useContractSubject(make);

    it('has nothing to migrate for a user without old channels', async () => {
      const user = await subject().fixture.asCreator();
      const state = await subject().as(user).get();
      expect(state.request).toBeNull();
      expect(state.donateChannels).toEqual([]);
      await expectCode(subject().as(user).confirm(), 'conflict');
    });

    it('lists the old channels and the connected ones', async () => {
      const { fixture } = subject();
      const user = await fixture.asCreator();
      const channel = await fixture.seedChannel(user);
      await fixture.seedMigration(user, OLD_CHANNELS);
      const state = await subject().as(user).get();
      expect(state.donateChannels.map((c) => c.chatId).sort()).toEqual(OLD_CHANNELS.map((c) => c.chatId).sort());
      expect(state.channels.map((c) => c.id)).toEqual([channel.id]);
    });

    it('queues one request on confirm, answering it again on a second confirm', async () => {
      const { fixture } = subject();
      const user = await fixture.asCreator();
      await fixture.seedMigration(user, OLD_CHANNELS);
      const migration = subject().as(user);
      const request = await migration.confirm();
      expect(request.status).toBe('queued');
      expect(request.positionInQueue).toBeGreaterThanOrEqual(1);
      expect((await migration.confirm()).id).toBe(request.id);
      expect((await migration.get()).request?.id).toBe(request.id);
    });

    it('refusing drops the request', async () => {
      const { fixture } = subject();
      const user = await fixture.asCreator();
      await fixture.seedMigration(user, OLD_CHANNELS);
      const migration = subject().as(user);
      await migration.confirm();
      await migration.refuse();
      expect((await migration.get()).request).toBeNull();
    });
  });
}
