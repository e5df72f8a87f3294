import type { Dashboard } from '../../../application/ports/DashboardRepository';
import type { Role } from '../../../domain/entities';

/**
 * What the dashboard remembers for the app session (one instance, bound as a singleton): the mode the server
 * picked on the first load (set once), the mode shown last (so /dashboard reopens it), and the dashboard loaded
 * at / or /dashboard, handed to the /dashboard/{mode} screen it redirects to so that screen need not load again.
 */
export class DashboardSession {
  initialMode: Role | null = null;
  lastMode: Role | null = null;
  private handoff: Dashboard | null = null;

  /** Records a shown mode; the first one becomes the initial mode. */
  remember(mode: Role): void {
    this.initialMode ??= mode;
    this.lastMode = mode;
  }

  handOver(dashboard: Dashboard): void {
    this.handoff = dashboard;
  }

  /** The handed-over dashboard when it is for `mode` (once); null otherwise. */
  take(mode: Role): Dashboard | null {
    const dashboard = this.handoff;
    this.handoff = null;
    return dashboard !== null && dashboard.mode === mode ? dashboard : null;
  }
}
