/** Fakes shared by the subscription screens' view-model tests: a recording platform and a subscription repository that fails on demand. */
import type { TrialStats } from '../../../../../src/domain/trial';
import type { PopupOptions } from '../../../../../src/application/ports/MessengerPlatform';
import { RepositoryError } from '../../../../../src/application/ports/RepositoryError';
import type {
  MemberDetail,
  MembersPage,
  MembersQuery,
  NewSubscription,
  PublishOptions,
  StarsPrice,
  StarsRates,
  SubscriptionChanges,
  SubscriptionDetail,
  SubscriptionRepository,
} from '../../../../../src/application/ports/SubscriptionRepository';
import type { Channel, Subscription } from '../../../../../src/domain/entities';
import { ToastStore } from '../../../../../src/presentation/toasts/ToastStore';
import type { GiftStats } from '../../../../../src/application/ports/GiftRepository';
import { FakePlatform } from '../../support/FakePlatform';

export class SubscriptionPlatform extends FakePlatform {
  readonly popups: PopupOptions[] = [];
  readonly telegramLinks: string[] = [];
  /** The id of the button the next popups answer with (null: dismissed). */
  popupAnswer: string | null = null;

  override async showPopup(options: PopupOptions): Promise<string | null> {
    this.popups.push(options);
    return this.popupAnswer;
  }

  override openTelegramLink(url?: string): void {
    if (url !== undefined) this.telegramLinks.push(url);
  }
}

export function toastStore(platform: FakePlatform, now: () => number = () => 0): ToastStore {
  return new ToastStore(platform, { now, timezoneOffsetMinutes: () => 0 });
}

type Method = keyof SubscriptionRepository;

/**
 * The real (in-memory) repository, except that the next calls of a method can be made to fail with a code, and
 * every call is counted: `failNext('members', 'error_unknown')`.
 */

export class ScriptedSubscriptions implements SubscriptionRepository {
  readonly calls: { method: Method; args: unknown[] }[] = [];
  private readonly failures = new Map<Method, string[]>();

  constructor(private readonly real: SubscriptionRepository) {}

  failNext(method: Method, ...codes: string[]): void {
    this.failures.set(method, [...(this.failures.get(method) ?? []), ...codes]);
  }

  callsOf(method: Method): unknown[][] {
    return this.calls.filter((call) => call.method === method).map((call) => call.args);
  }

  private async run<T>(method: Method, args: unknown[], work: () => Promise<T>): Promise<T> {
    this.calls.push({ method, args });
    const code = this.failures.get(method)?.shift();
    if (code !== undefined) throw new RepositoryError(code, `${method} failed: ${code}`);
    return work();
  }

  create(s: NewSubscription): Promise<{ readonly channel: Channel; readonly subscription: Subscription }> {
    return this.run('create', [s], () => this.real.create(s));
  }
  edit(id: number, changes: SubscriptionChanges): Promise<Subscription> {
    return this.run('edit', [id, changes], () => this.real.edit(id, changes));
  }
  publish(id: number, options: PublishOptions): Promise<Channel> {
    return this.run('publish', [id, options], () => this.real.publish(id, options));
  }
  delete(id: number): Promise<void> {
    return this.run('delete', [id], () => this.real.delete(id));
  }
  restore(id: number): Promise<Subscription> {
    return this.run('restore', [id], () => this.real.restore(id));
  }
  setCommand(id: number, command: string): Promise<Subscription> {
    return this.run('setCommand', [id, command], () => this.real.setCommand(id, command));
  }
  detail(id: number): Promise<SubscriptionDetail> {
    return this.run('detail', [id], () => this.real.detail(id));
  }
  members(id: number, query: MembersQuery): Promise<MembersPage> {
    return this.run('members', [id, query], () => this.real.members(id, query));
  }
  member(id: number): Promise<MemberDetail> {
    return this.run('member', [id], () => this.real.member(id));
  }
  giftStats(id: number): Promise<GiftStats> {
    return this.run('giftStats', [id], () => this.real.giftStats(id));
  }

  starsPrice(id: number): Promise<StarsPrice> {
    return this.run('starsPrice', [id], () => this.real.starsPrice(id));
  }
  setStarsPrice(id: number, stars: number | null): Promise<StarsPrice> {
    return this.run('setStarsPrice', [id, stars], () => this.real.setStarsPrice(id, stars));
  }
  starsRates(): Promise<StarsRates> {
    return this.run('starsRates', [], () => this.real.starsRates());
  }
  trialStats(id: number): Promise<TrialStats> {
    return this.run('trialStats', [id], () => this.real.trialStats(id));
  }
}
