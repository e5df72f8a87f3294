/** The shape of the bot's texts in one language (../texts.ts reads them; one file per language here). */
import type { CompleteLocale } from '../../../../src/domain/languages';
import type { PayoutFailureReason } from '../../../../src/domain/payout-failure';

/** The languages the bot speaks: the app's page languages. */
export type BotLanguage = CompleteLocale;

export interface BotTexts {
  readonly commandStart: string;
  readonly commandHelp: string;
  readonly menuButton: string;
  readonly start: string;
  readonly startButton: string;
  readonly startWithLink: string;
  readonly help: string;
  readonly subscriptionOffer: string;
  readonly subscriptionButton: string;
  readonly unknownCommand: string;
  readonly payoutFailed: string;
  /** payoutFailed's {reason}: why, in words the creator can act on (src/domain/payout-failure.ts). */
  readonly payoutFailureReasons: Readonly<Record<PayoutFailureReason, string>>;
  /** The answer to /admin for an operator: a one-time sign-in link to the operator console. */
  readonly adminSignIn: string;
  /** The answer to /admin for anyone else (no link is made). */
  readonly adminRefused: string;
  readonly moderationApproved: string;
  readonly moderationRejected: string;
  /** An identity decision (an operator's, or the provider's when no operator decides): approved. */
  readonly identityApproved: string;
  /** Rejected for good, with the operator's or the provider's {reason}. */
  readonly identityRejected: string;
  /** The provider's rejection that may be tried again (a sharper photo…), with its {reason}. */
  readonly identityRetry: string;
  /** {reason} when none was given. */
  readonly identityNoReason: string;
  /** Three days before a renewal charge (fewer lost renewals). */
  readonly renewalReminder: string;
  /** Appended to the reminder while a promo code discounts the renewal: {code}, {amount}, {full}. */
  readonly renewalReminderPromo: string;
  /** Appended to the reminder while a retention offer lowers the renewal: {amount}, {full}. */
  readonly renewalReminderRetention: string;
  readonly renewalReminderButton: string;
  /** Right after a failed renewal attempt: a one-tap way to pay with another card before access ends. */
  readonly renewalFailed: string;
  readonly renewalFailedButton: string;
  /** A day before a free trial ends: {name}, {channel}, {date} (the end), {amount} (the price then, per period). */
  readonly trialReminder: string;
  /** When a free trial ended: {name}, {channel}, {amount}; with a button to the subscription's invoice. */
  readonly trialEnded: string;
  readonly trialEndedButton: string;
  /** Telegram shows it on the payment sheet when the bot refuses a pre-checkout query (the offer is gone). */
  readonly paymentUnavailable: string;
  /**
   * A donation request's progress line under its post, pieces joined by " · ": "{raised} of {goal}" (with a goal) or
   * "{raised} raised" (an end date only), the count, then "ends {date}" or "ended", and "goal reached" once it is.
   */
  readonly goalOf: string;
  readonly goalRaised: string;
  readonly goalCount: string;
  readonly goalEnds: string;
  readonly goalEnded: string;
  readonly goalReached: string;
  /** To the creator, once: the request reached its goal. */
  readonly goalReachedNotice: string;
  /** To the creator, once: the request's end date passed (it still takes donations). */
  readonly goalEndedNotice: string;
  /** The same when the Stars price changed since the invoice link was made. */
  readonly paymentPriceChanged: string;
  /** To the giver, once: their gift was not accepted within its 30 days and is refunded. */
  readonly giftRefunded: string;
  /** An open gift refunded before its 30 days because its subscription can no longer be paid. */
  readonly giftRefundedUnavailable: string;
  /** To the giver, once, when the recipient accepts: {recipient} (their first name), {name}, {channel}. */
  readonly giftAccepted: string;
  /** To the recipient, once, when the giver's payment is refunded and the gift's unused time taken back: {date}. */
  readonly giftTakenBack: string;
}
