/**
 * ContractFixture: what the shared port contract suites (tests/contract/*.contract.ts) need from a backend,
 * whatever the transport. Two implementations:
 * - in memory (tests/contract/inMemoryFixture.ts): an InMemoryBackend seeded through InMemorySeeder, ports are the
 *   InMemory*Repository classes acting for a session;
 * - over HTTP (tests/integration/contract/httpFixture.ts, against the reference server): users and data are created through the
 *   sandbox control API, and each port is the Http*Repository over an ApiClient authenticated as that user.
 *
 * Rules an implementation must follow so the same suites pass on both:
 * - asCreator(), asFollower() and asUser() create a NEW user each call, with no channels, cards or transactions, so
 *   tests never share state. asCreator() is verified (verification approved); asFollower() is not.
 * - seed* write straight into the backend, bypassing API rules (a seeded channel may be in moderation or
 *   disconnected, a seeded member may be expired), and answer the domain shape the ports return. Defaults: public,
 *   connected, approved channel at onboarding step completed; monthly eur 5.00 subscription; active member bought now
 *   for one period; visa card (primary when it is the user's first); donation request of eur 5.00.
 * - Card scenarios follow PROVIDER_TEST_CARDS of src/contract/api.ts; a seeded card's `scenario` approve, decline or
 *   three_ds behaves like the approved, declined or threeDSecure test card. Payout parameters include DE/DEU with bank_card
 *   and swift (eur) and no banks, and at least one route without bankExternalId that has a required field. Payout
 *   cards are tokenised with the number only and the parameters' public token. Every refused payout account is
 *   error_fields_required with `field` in the body (or error_country_mismatch with `cardCountry`).
 * - nowMs() is the backend's clock; settle() lets asynchronous backend work finish (a no-op in memory).
 * - runRenewalsDue() and advanceClock() move the clock forward for every user of the backend: suites that use them
 *   make their own users.
 * - pageSize is the backend's page size for cursor-paged lists (suites seed pageSize + 1 items to see two pages).
 * - Errors reject with an object carrying `code` (RepositoryError in memory, ApiRequestError over HTTP) and, for
 *   error_country_mismatch, `cardCountry` in its body.
 */
import type { Money } from '../../src/domain/money';
import type {
  Channel,
  MigrationChannel,
  SavedCard,
  Subscription,
  SubscriptionMember,
  Transaction,
  VerificationStatus,
} from '../../src/domain/entities';
import type { Donation } from '../../src/application/ports/DonationRepository';
import type {
  SeedCardOptions,
  SeedChannelOptions,
  SeedDonationOptions,
  SeedMemberOptions,
  SeedSubscriptionOptions,
  SeedTransactionOptions,
  SeedUserOptions,
} from '../../src/infrastructure/memory/InMemorySeeder';

export type {
  SeedCardOptions,
  SeedChannelOptions,
  SeedDonationOptions,
  SeedMemberOptions,
  SeedSubscriptionOptions,
  SeedTransactionOptions,
  SeedUserOptions,
};

/** A user the fixture created; ports are obtained for it through ContractSubject.as(). */
export interface ContractUser {
  readonly id: number;
}

export interface ContractFixture {
  readonly pageSize: number;
  /** A fresh verified creator. */
  asCreator(): Promise<ContractUser>;
  /** A fresh follower (not verified). */
  asFollower(): Promise<ContractUser>;
  asUser(options: SeedUserOptions): Promise<ContractUser>;
  seedChannel(owner: ContractUser, options?: SeedChannelOptions): Promise<Channel>;
  seedSubscription(channelId: number, options?: SeedSubscriptionOptions): Promise<Subscription>;
  seedMember(subscriptionId: number, follower: ContractUser, options?: SeedMemberOptions): Promise<SubscriptionMember>;
  seedDonation(channelId: number, options?: SeedDonationOptions): Promise<Donation>;
  seedCard(user: ContractUser, options?: SeedCardOptions): Promise<SavedCard>;
  seedTransaction(user: ContractUser, options: SeedTransactionOptions): Promise<Transaction>;
  seedBalance(user: ContractUser, kind: 'active' | 'payout', amount: Money): Promise<void>;
  /** Gives the user channels in the older donation product to migrate. */
  seedMigration(user: ContractUser, donateChannels: readonly MigrationChannel[]): Promise<void>;
  setVerification(user: ContractUser, status: VerificationStatus): Promise<void>;
  setPaymentsDisabled(owner: ContractUser, disabled: boolean): Promise<void>;
  nowMs(): Promise<number>;
  settle(): Promise<void>;
  /**
   * Moves the backend's clock (never back) into the renewal window of a membership that expires at `expiresAt` (epoch
   * seconds) and runs the renewals due then, as the backend's renewals job does: each charges the member's primary
   * saved card at the price the membership shows.
   */
  runRenewalsDue(expiresAt: number): Promise<void>;
  /** Moves the backend's clock forward to `at` (epoch seconds; never back) and runs the jobs due by then. */
  advanceClock(at: number): Promise<void>;
}

/** A backend plus a way to get the port acting as a given user. */
export interface ContractSubject<TPort> {
  readonly fixture: ContractFixture;
  as(user: ContractUser): TPort;
  dispose?(): Promise<void>;
}

export type MakeContractSubject<TPort> = () => Promise<ContractSubject<TPort>>;

/** Creates a fresh subject before each test and disposes it after; read it through the returned getter. */
export function useContractSubject<TPort>(make: MakeContractSubject<TPort>): () => ContractSubject<TPort> {
  let subject: ContractSubject<TPort> | undefined;
  beforeEach(async () => {
    subject = await make();
  });
  afterEach(async () => {
    await subject?.dispose?.();
    subject = undefined;
  });
  return () => {
    if (subject === undefined) throw new Error('contract subject used outside a test');
    return subject;
  };
}

/** Asserts a rejection carrying `code`. */
export async function expectCode(promise: Promise<unknown>, code: string): Promise<void> {
  await expect(promise).rejects.toMatchObject({ code });
}

/** Asserts a rejection carrying `code` and these fields in its body (the server's `{ code, message, ...details }`). */
export async function expectCodeWith(
  promise: Promise<unknown>,
  code: string,
  fields: Readonly<Record<string, unknown>>,
): Promise<void> {
  await expect(promise).rejects.toMatchObject({ code, body: expect.objectContaining(fields) });
}

/** Calls `read` until `done` holds, letting the backend settle between tries. */
export async function eventually<T>(
  fixture: ContractFixture,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  tries = 10,
): Promise<T> {
  let value = await read();
  for (let attempt = 1; attempt < tries && !done(value); attempt += 1) {
    await fixture.settle();
    value = await read();
  }
  return value;
}
