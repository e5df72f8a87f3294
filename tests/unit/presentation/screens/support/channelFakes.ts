/** Fakes shared by the channel screens' view-model tests: a hand-driven Scheduler, a recording platform, a flaky repository. */
import type { ChannelDetail, ChannelRepository } from '../../../../../src/application/ports/ChannelRepository';
import type { Scheduler } from '../../../../../src/application/ports/Scheduler';
import { RepositoryError } from '../../../../../src/application/ports/RepositoryError';
import type { PopupOptions } from '../../../../../src/application/ports/MessengerPlatform';
import type { DeleteChannelDialogs } from '../../../../../src/presentation/shared/channelDeletion';
import { ToastStore } from '../../../../../src/presentation/toasts/ToastStore';
import { FakePlatform } from '../../support/FakePlatform';

/** A Scheduler whose waits end only when the test says so (or when aborted). */
export class ManualScheduler implements Scheduler {
  readonly requested: number[] = [];
  private pending: { resolve: () => void }[] = [];

  delay(ms: number, signal?: AbortSignal): Promise<void> {
    this.requested.push(ms);
    return new Promise((resolve, reject) => {
      const entry = { resolve };
      this.pending.push(entry);
      signal?.addEventListener('abort', () => {
        this.pending = this.pending.filter((other) => other !== entry);
        reject(signal.reason);
      });
    });
  }

  get waiting(): number {
    return this.pending.length;
  }

  /** Ends every wait in progress. */
  elapse(): void {
    const due = this.pending;
    this.pending = [];
    for (const entry of due) entry.resolve();
  }
}

export class RecordingPlatform extends FakePlatform {
  readonly copied: string[] = [];
  readonly links: string[] = [];
  readonly popups: PopupOptions[] = [];
  copyResult = true;
  /** The id of the button the next popups answer with (null: dismissed). */
  popupAnswer: string | null = null;

  override async copyToClipboard(text?: string): Promise<boolean> {
    if (text !== undefined) this.copied.push(text);
    return this.copyResult;
  }

  override async showPopup(options: PopupOptions): Promise<string | null> {
    this.popups.push(options);
    return this.popupAnswer;
  }

  override openLink(url?: string): void {
    if (url !== undefined) this.links.push(url);
  }
}

/** A ChannelRepository that fails `get` with the given codes first, then answers from the real one. */
export class FlakyChannels implements ChannelRepository {
  getCalls = 0;
  languageCalls = 0;
  private readonly queue: string[];

  constructor(
    private readonly inner: ChannelRepository,
    failures: string[] = [],
  ) {
    this.queue = [...failures];
  }

  async get(channelId: number): Promise<ChannelDetail> {
    this.getCalls += 1;
    const code = this.queue.shift();
    if (code !== undefined) throw new RepositoryError(code);
    return this.inner.get(channelId);
  }
  languages() {
    this.languageCalls += 1;
    return this.inner.languages();
  }
  setLanguage(...args: Parameters<ChannelRepository['setLanguage']>) {
    return this.inner.setLanguage(...args);
  }
  skipOnboardingStep(channelId: number) {
    return this.inner.skipOnboardingStep(channelId);
  }
  delete(channelId: number) {
    return this.inner.delete(channelId);
  }
  subscriptions(...args: Parameters<ChannelRepository['subscriptions']>) {
    return this.inner.subscriptions(...args);
  }
  transactions(...args: Parameters<ChannelRepository['transactions']>) {
    return this.inner.transactions(...args);
  }
}

/** Delete dialogs that record what was shown and confirm as told. */
export function recordingDialogs(confirmAnswer: boolean): DeleteChannelDialogs & { readonly shown: string[] } {
  const shown: string[] = [];
  return {
    shown,
    async showBlocked() {
      shown.push('blocked');
    },
    async confirm() {
      shown.push('confirm');
      return confirmAnswer;
    },
  };
}

export const toastClock = { now: () => 1_700_000_000_000, timezoneOffsetMinutes: () => 0 };

export function toastStore(platform: FakePlatform): ToastStore {
  return new ToastStore(platform, toastClock);
}

/** Lets pending promise callbacks run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}
