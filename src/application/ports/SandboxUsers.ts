/**
 * The sandbox's users and signed launch links (POST /sandbox/launch, GET /sandbox/users): only the /local
 * developer screen of `npm run build:local` uses it, to reopen the app as another user.
 */
export interface SandboxUser {
  readonly telegramId: number;
  readonly firstName: string;
  readonly lastName?: string;
  readonly userName?: string;
  /** One of the seeded demo accounts. */
  readonly demo: boolean;
  readonly banned: boolean;
}

export interface SandboxUsers {
  /** Demo accounts first, then the most recently active users. */
  list(): Promise<SandboxUser[]>;
  /** The app's URL carrying freshly signed launch data for the user. */
  launch(telegramId: number): Promise<{ readonly launchUrl: string }>;
}
