import type { User } from '../../domain/entities';

/** "First Last" of a user; `fallback` when the user is unknown. */
export function userDisplayName(user: Pick<User, 'firstName' | 'lastName'> | undefined, fallback: string): string {
  if (user === undefined) return fallback;
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}
