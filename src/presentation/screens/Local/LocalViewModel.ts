import { makeAutoObservable, runInAction } from 'mobx';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { SandboxUser, SandboxUsers } from '../../../application/ports/SandboxUsers';
import { AsyncState } from '../../shell/screenState';
import type { ToastStore } from '../../toasts/ToastStore';

/**
 * Where to reload the app for a launch link: the server signs links for its public URL, while a local build may
 * be served elsewhere (the Vite dev server), so keep the link's launch parameters on the current origin.
 */
export function launchLocation(launchUrl: string, currentOrigin: string): string {
  const url = new URL(launchUrl, currentOrigin);
  return `${currentOrigin}/${url.search}${url.hash}`;
}

/** /local (`npm run build:local` only): pick a sandbox user and reopen the app with their signed launch data. */
export class LocalViewModel {
  readonly loading = new AsyncState(errorCodeOf);
  users: SandboxUser[] = [];
  /** The user whose launch link is being fetched. */
  launching: number | null = null;

  constructor(
    private readonly sandbox: SandboxUsers,
    private readonly toasts: ToastStore,
  ) {
    makeAutoObservable<LocalViewModel, 'sandbox' | 'toasts'>(
      this,
      { sandbox: false, toasts: false, loading: false },
      { autoBind: true },
    );
  }

  get state() {
    return this.loading.state;
  }

  async load(): Promise<void> {
    await this.loading.run(
      () => this.sandbox.list(),
      (users) => (this.users = users),
    );
  }

  /** The signed launch URL for the user (the screen reloads the app there), or null when it failed. */
  async launch(telegramId: number): Promise<string | null> {
    if (this.launching !== null) return null;
    this.launching = telegramId;
    try {
      return (await this.sandbox.launch(telegramId)).launchUrl;
    } catch {
      this.toasts.fail('common.toast.failed');
      return null;
    } finally {
      runInAction(() => (this.launching = null));
    }
  }

  dispose(): void {
    this.loading.dispose();
  }
}
