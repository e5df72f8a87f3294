/** The ContractFixture over an InMemoryBackend (see fixture.ts). */
import { InMemoryBackend, type InMemorySession } from '../../src/infrastructure/memory/InMemoryBackend';
import { InMemorySeeder } from '../../src/infrastructure/memory/InMemorySeeder';
import { VirtualTime } from '../../src/infrastructure/memory/VirtualTime';
import { RENEWAL_LEAD_MS, runRenewals } from '../../src/infrastructure/memory/renewals';
import { runJobs } from '../../src/infrastructure/memory/jobs';
import type { ContractFixture, ContractSubject, ContractUser, MakeContractSubject } from './fixture';

export interface InMemoryEnvironment {
  readonly backend: InMemoryBackend;
  readonly seeder: InMemorySeeder;
  readonly time: VirtualTime;
  readonly fixture: ContractFixture;
}

/** A small page size so paging is exercised with few items. */
export const IN_MEMORY_PAGE_SIZE = 3;

export function createInMemoryEnvironment(): InMemoryEnvironment {
  const time = new VirtualTime();
  const backend = new InMemoryBackend({ clock: time, pageSize: IN_MEMORY_PAGE_SIZE });
  const seeder = new InMemorySeeder(backend);
  const fixture: ContractFixture = {
    pageSize: IN_MEMORY_PAGE_SIZE,
    asCreator: async () => seeder.user({ verification: 'approved' }),
    asFollower: async () => seeder.user(),
    asUser: async (options) => seeder.user(options),
    seedChannel: async (owner, options) => seeder.channel(owner.id, options),
    seedSubscription: async (channelId, options) => seeder.subscription(channelId, options),
    seedMember: async (subscriptionId, follower, options) => seeder.member(subscriptionId, follower.id, options),
    seedDonation: async (channelId, options) => seeder.donation(channelId, options),
    seedCard: async (user, options) => seeder.card(user.id, options),
    seedTransaction: async (user, options) => seeder.transaction(user.id, options),
    seedBalance: async (user, kind, amount) => seeder.balance(user.id, kind, amount),
    seedMigration: async (user, channels) => seeder.migration(user.id, channels),
    setVerification: async (user, status) => seeder.verification(user.id, status),
    setPaymentsDisabled: async (owner, disabled) => seeder.paymentsDisabled(owner.id, disabled),
    nowMs: async () => backend.nowMs(),
    settle: async () => undefined,
    runRenewalsDue: async (expiresAt) => {
      const target = expiresAt * 1000 - RENEWAL_LEAD_MS + 60_000;
      time.advance(Math.max(0, target - time.now()));
      runRenewals(backend);
    },
    advanceClock: async (at) => {
      time.advance(Math.max(0, at * 1000 - time.now()));
      runJobs(backend);
    },
  };
  return { backend, seeder, time, fixture };
}

/** A subject factory for a contract suite: `build` makes the port for a backend and a session. */
export function inMemorySubject<TPort>(
  build: (backend: InMemoryBackend, session: InMemorySession) => TPort,
): MakeContractSubject<TPort> {
  return async (): Promise<ContractSubject<TPort>> => {
    const { backend, fixture } = createInMemoryEnvironment();
    return { fixture, as: (user: ContractUser) => build(backend, { userId: user.id }) };
  };
}
