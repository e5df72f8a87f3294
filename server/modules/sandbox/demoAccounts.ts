/** The seeded demo accounts (README "Demo accounts"); the emulator offers them as "who you are". */
export interface DemoAccount {
  readonly telegramId: number;
  readonly firstName: string;
  readonly lastName?: string;
  readonly username?: string;
  /** What the account shows off. */
  readonly role: 'creator' | 'follower' | 'migration';
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { telegramId: 1001, firstName: 'Alice', lastName: 'Creator', username: 'alice_creator', role: 'creator' },
  { telegramId: 2001, firstName: 'Bob', lastName: 'Follower', username: 'bob_follower', role: 'follower' },
  { telegramId: 3001, firstName: 'Carol', lastName: 'Migrating', username: 'carol_migrating', role: 'migration' },
];
