import { makeAutoObservable } from 'mobx';
import type { Clock } from '../../../application/ports/Clock';
import type { MessengerPlatform } from '../../../application/ports/MessengerPlatform';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { MemberDetail, SubscriptionRepository } from '../../../application/ports/SubscriptionRepository';
import { daysUntil, formatMemberDate } from '../../../domain/format';
import { isMemberExpired, isRenewalRetrying, memberDisplayStatus, showsMemberStatus } from '../../../domain/members';
import { AsyncState } from '../../shell/screenState';
import { deviceZone } from '../../app/deviceZone';

/** The end-of-period row: renews (with the days left), expires, or expired; none for one-time memberships. */
export type MemberEndRow =
  | { readonly kind: 'renews' | 'expires'; readonly at: number; readonly days: number }
  | { readonly kind: 'expired'; readonly at: number };

/** A member page date, 'dd MMM yyyy' in the page language and the device's zone. */
export function memberDate(epochSeconds: number, locale: string): string {
  return formatMemberDate(epochSeconds, locale, deviceZone());
}

/**
 * The creator's view of one subscriber (spec section 2): user, status (only when neither one-time nor cancelled),
 * period, price, start date and the renewal or expiry date ('dd MMM yyyy') with the days left, and a button to
 * message the user when they have a username. A failed load shows "Error loading member" with a back button.
 */
export class SubscriptionMemberViewModel {
  readonly loader = new AsyncState(errorCodeOf);
  detail: MemberDetail | null = null;

  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly platform: MessengerPlatform,
    private readonly clock: Clock,
    readonly memberId: number,
  ) {
    makeAutoObservable<SubscriptionMemberViewModel, 'subscriptions' | 'platform' | 'clock'>(
      this,
      { subscriptions: false, platform: false, clock: false, loader: false, memberId: false },
      { autoBind: true },
    );
  }

  get state() {
    return this.loader.state;
  }

  async load(): Promise<void> {
    await this.loader.run(
      () => this.subscriptions.member(this.memberId),
      (detail) => (this.detail = detail),
    );
  }

  /** The status label key, or null when the row is hidden (one-time or cancelled memberships). */
  get statusKey(): string | null {
    const member = this.detail?.member;
    if (member === undefined || !showsMemberStatus(member)) return null;
    const now = this.clock.now();
    if (isRenewalRetrying(member, now)) return 'members.renewalRetry.status';
    return `members.status.${memberDisplayStatus(member, now)}`;
  }

  get endRow(): MemberEndRow | null {
    const member = this.detail?.member;
    if (member === undefined || member.expiresAt === undefined || member.period === 'onetime') return null;
    const now = this.clock.now();
    const at = member.expiresAt;
    if (isMemberExpired(member, now)) return { kind: 'expired', at };
    const days = daysUntil(at, now, deviceZone());
    const renews = member.status === 'active' && member.renewalFailed !== true && !this.detail!.subscription.isDeleted;
    return { kind: renews ? 'renews' : 'expires', at, days };
  }

  /** The user's @username, when they have one (the message button needs it). */
  get username(): string | null {
    return this.detail?.user.userName || null;
  }

  message(): void {
    const username = this.username;
    if (username !== null) this.platform.openTelegramLink(`https://t.me/${username}`);
  }

  dispose(): void {
    this.loader.dispose();
  }
}
