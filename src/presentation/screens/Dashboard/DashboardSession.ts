import type { Dashboard } from '../../../application/ports/DashboardRepository';
import type { KeyValueStorage } from '../../../application/ports/KeyValueStorage';
import type { Cursor } from '../../../application/ports/Page';
import type { Channel, Role, Subscription, SubscriptionMember, Transaction } from '../../../domain/entities';

const MIGRATION_DISMISSED_KEY = 'backers.migrationDismissed.';

/** Kept lists older than this load again: what they show may have changed meanwhile. */
const KEPT_FOR_MS = 10 * 60 * 1000;

/** A dashboard as the user left it: the lists with every page loaded so far, and how far down the page was. */
export interface KeptDashboard {
  readonly dashboard: Dashboard;
  readonly transactions: readonly Transaction[];
  readonly nextFrom: Cursor;
  readonly channelList: readonly Channel[];
  readonly memberList: readonly SubscriptionMember[];
  readonly subscriptions: readonly Subscription[];
  readonly channels: readonly Channel[];
  readonly listNextFrom: Readonly<Record<'channels' | 'subscriptions', Cursor>>;
  readonly scrollY: number;
  readonly keptAt: number;
}

/**
 * What the dashboard remembers for the app session (one instance, bound as a singleton): the mode the server
 * picked on the first load (set once), the mode shown last (so /dashboard reopens it), and the dashboard loaded
 * at / or /dashboard, handed to the /dashboard/{mode} screen it redirects to so that screen need not load again.
 * Also, on the device and per user, that the creator put an optional migration aside with Not now.
 */
export class DashboardSession {
  initialMode: Role | null = null;
  lastMode: Role | null = null;
  private handoff: Dashboard | null = null;
  private kept: KeptDashboard | null = null;
  private userId: number | null = null;
  /** Dismissed before any dashboard said whose session this is (a /migration deep link): kept for the session. */
  private dismissedUnknownUser = false;

  constructor(private readonly storage: KeyValueStorage) {}

  /** Records a shown mode; the first one becomes the initial mode. */
  remember(mode: Role, userId?: number): void {
    this.initialMode ??= mode;
    this.lastMode = mode;
    if (userId !== undefined) {
      this.userId = userId;
      if (this.dismissedUnknownUser) this.dismissMigration();
    }
  }

  handOver(dashboard: Dashboard): void {
    this.handoff = dashboard;
  }

  /** The dashboard the user is leaving, for a return by Back (one at a time: the last one left). */
  keep(kept: KeptDashboard): void {
    this.kept = kept;
  }

  /** The kept dashboard of `mode` when it is recent (once); null otherwise. */
  takeKept(mode: Role, now: number): KeptDashboard | null {
    const kept = this.kept;
    this.kept = null;
    return kept !== null && kept.dashboard.mode === mode && now - kept.keptAt < KEPT_FOR_MS ? kept : null;
  }

  /** The handed-over dashboard when it is for `mode` (once); null otherwise. */
  take(mode: Role): Dashboard | null {
    const dashboard = this.handoff;
    this.handoff = null;
    return dashboard !== null && dashboard.mode === mode ? dashboard : null;
  }

  /**
   * Not now on an optional migration (a request already queued): the dashboard stops sending the creator to
   * /migration on this device. A required one still goes there (the server answers migration_required).
   */
  dismissMigration(): void {
    if (this.userId === null) {
      this.dismissedUnknownUser = true;
      return;
    }
    this.dismissedUnknownUser = false;
    this.storage.set(MIGRATION_DISMISSED_KEY + this.userId, '1');
  }

  get migrationDismissed(): boolean {
    if (this.userId === null) return this.dismissedUnknownUser;
    return this.dismissedUnknownUser || this.storage.get(MIGRATION_DISMISSED_KEY + this.userId) !== null;
  }
}
