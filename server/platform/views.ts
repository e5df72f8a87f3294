/**
 * What services answer: rows with what was counted for them. Routes turn them into the wire shapes with the mappers
 * of dto.ts, so services never build wire DTOs (one place decides what leaves the server).
 */
import type { ChannelRow, SubscriptionRow } from './db/schema';
import type { MemberFields } from './db/projections';
import type { MemberUser } from '../modules/subscriptions/membersRepository';

export interface ChannelView {
  readonly channel: ChannelRow;
  readonly activeSubscribers: number;
}

export interface SubscriptionView {
  readonly subscription: SubscriptionRow;
  readonly activeSubscribers: number;
  /** The channel whose links this viewer may open (the owner, a member with access); none for anyone else. */
  readonly linksFrom?: ChannelRow;
  /** The owner's only: the mini-app link that opens the subscription's payment page, what the creator shares. */
  readonly shareLink?: string;
}

export interface MemberWithUser {
  readonly member: MemberFields;
  readonly user: MemberUser;
}

/** One page of a list, with the cursor of the next page (null on the last). */
export interface Page<T> {
  readonly items: readonly T[];
  readonly nextFrom: string | null;
}
