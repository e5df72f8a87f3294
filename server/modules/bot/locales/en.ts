/** The bot's texts in English (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const en: BotTexts = {
  commandStart: 'Open Backers',
  commandHelp: 'How Backers works',
  menuButton: 'Open',
  start: 'Backers lets channel creators earn from paid subscriptions and donations. Open the app to get started.',
  startButton: 'Open Backers',
  startWithLink: 'Tap the button to continue in Backers.',
  help: "Creators: add this bot to your channel as an administrator, then create a subscription in the app.\nFollowers: pay with the button under a post, or send a subscription's command like $vip to get its invoice.\n/start opens the app.",
  subscriptionOffer: '{name} in {channel}',
  subscriptionButton: 'Subscribe',
  unknownCommand: "No subscription has this command. Check it with the channel's creator.",
  payoutFailed:
    'Your payout of {amount} did not go through: {reason}. The money is back in your balance and goes out on the next payout day. Check your payout details in the app.',
  payoutFailureReasons: {
    account_details: 'the payout details were refused, check them in payout settings',
    declined: "the recipient's bank declined it",
    card: 'the payout card can no longer be used, add it again in payout settings',
    provider: 'the payment provider could not send it',
  },
  adminSignIn: 'Your sign-in link to the Backers operator console (works once, for 10 minutes):\n{link}',
  adminRefused: 'This command is for Backers operators only.',
  moderationApproved:
    'Your channel {channel} passed moderation. You can now sell subscriptions and take donations there.',
  moderationRejected:
    'Your channel {channel} did not pass moderation: {reason}. Write to support if you have questions.',
  renewalReminder:
    'Your subscription {name} in {channel} renews on {date}: {amount} will be charged to your saved card. You can change the card or cancel in the app.',
  renewalReminderPromo: 'Promo code {code}: {amount} instead of {full}.',
  renewalReminderRetention: 'Your offer to stay: {amount} instead of {full}.',
  renewalReminderButton: 'Open',
  renewalFailed:
    'We could not charge your card for {name} in {channel}. We will try again, and your access stays until {date}. Pay with another card to keep it.',
  renewalFailedButton: 'Pay with another card',
  trialReminder:
    'Your free trial of {name} in {channel} ends on {date}. Nothing is charged automatically: to stay, pay {amount} then, and we will send you the link. You can cancel in the app.',
  trialEnded: 'Your free trial of {name} in {channel} has ended. Pay {amount} to stay subscribed.',
  trialEndedButton: 'Subscribe',
  identityApproved:
    'Your identity is confirmed. You can now add this bot to your channels and earn from subscriptions and donations.',
  identityRejected: 'We could not confirm your identity: {reason}. Write to support if you have questions.',
  identityRetry: 'Your identity check did not pass: {reason}. Open the app to try again.',
  identityNoReason: 'no details were given',
  paymentUnavailable: 'This payment can no longer be made. Open the app to see what is on offer now.',
  goalOf: '{raised} of {goal}',
  goalRaised: '{raised} raised',
  goalCount: 'donations: {count}',
  goalEnds: 'ends {date}',
  goalEnded: 'ended',
  goalReached: 'goal reached',
  goalReachedNotice: 'Your donation request {name} in {channel} has reached its goal: {raised} of {goal}.',
  goalEndedNotice:
    'Your donation request {name} in {channel} has ended with {raised} raised. It still takes donations, and its post now says it has ended.',
  paymentPriceChanged: 'The price has changed. Open the invoice in the app again to see the new price.',
  giftRefunded:
    'Your gift of {name} in {channel} was not accepted within 30 days, so we refunded {amount} to your card.',
  giftRefundedUnavailable:
    'Your gift of {name} in {channel} can no longer be accepted: the subscription is no longer available, so we refunded {amount} to your card.',
  giftAccepted: '{recipient} accepted your gift of {name} in {channel}.',
  giftTakenBack:
    'The gift of {name} in {channel} you accepted was refunded to its giver, so its unused time was taken back. Your access now runs until {date}.',
};
