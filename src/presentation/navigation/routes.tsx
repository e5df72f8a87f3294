/**
 * The route table (spec section 2). Register a route only when its screen does what the spec says; one line
 * per route: `route(path, () => import('../screens/<Name>/<Name>Screen'), TOKENS.<Name>ViewModel)`. A screen
 * renders once its i18n texts are loaded: every namespace unless the line names them (`texts('dashboard')`).
 * Unknown paths fall through to the not-found screen. This table is a chunk of its own, loaded when a path is not
 * one of the first screen's (firstRoutes.tsx, in the entry).
 */
import { TOKENS } from '../../di/tokens';
import { type RouteEntry, route, texts } from './lazyScreen';

export const ROUTES: readonly RouteEntry[] = [
  route('/verification', () => import('../screens/Verification/VerificationScreen'), TOKENS.VerificationViewModel),
  route('/connectbot', () => import('../screens/ConnectBot/ConnectBotScreen'), TOKENS.ConnectBotViewModel),
  route('/uikit', () => import('../screens/Uikit/UikitScreen')),
  route('/invoice/subscription/:subscriptionId', () => import('../screens/Invoice/InvoiceScreen'), TOKENS.InvoiceViewModel),
  route('/invoice/donation/:donationId', () => import('../screens/Invoice/InvoiceScreen'), TOKENS.InvoiceViewModel),
  route('/payment/choicePaymentMethod', () => import('../screens/PaymentMethod/PaymentMethodScreen'), TOKENS.PaymentMethodViewModel),
  route('/payment/form', () => import('../screens/PaymentForm/PaymentFormScreen'), TOKENS.PaymentFormViewModel),
  route('/payment/redirect', () => import('../screens/PaymentRedirect/PaymentRedirectScreen'), TOKENS.PaymentRedirectViewModel),
  route('/follower/subscription/:subscriptionMemberId', () => import('../screens/FollowerSubscription/FollowerSubscriptionScreen'), TOKENS.FollowerSubscriptionViewModel),
  route('/payment', () => import('../screens/Cards/CardsScreen'), TOKENS.CardsViewModel),
  route('/payment/card/:cardId', () => import('../screens/Card/CardScreen'), TOKENS.CardViewModel),
  route('/channel/:channelId', () => import('../screens/Channel/ChannelScreen'), TOKENS.ChannelViewModel),
  route('/channel/:channelId/settings', () => import('../screens/ChannelSettings/ChannelSettingsScreen'), TOKENS.ChannelSettingsViewModel),
  route('/channel/:channelId/language', () => import('../screens/ChannelLanguage/ChannelLanguageScreen'), TOKENS.ChannelLanguageViewModel),
  // The same screen under the form the spec also names ("/channel with param id").
  route('/channel', () => import('../screens/ChannelLanguage/ChannelLanguageScreen'), TOKENS.ChannelLanguageViewModel),
  route('/channel/:channelId/subscription/create', () => import('../screens/SubscriptionForm/SubscriptionFormScreen'), TOKENS.SubscriptionFormViewModel),
  route('/channel/:channelId/subscription/:subscriptionId/edit', () => import('../screens/SubscriptionForm/SubscriptionFormScreen'), TOKENS.SubscriptionFormViewModel),
  route('/channel/:channelId/donation/create', () => import('../screens/DonationForm/DonationFormScreen'), TOKENS.DonationFormViewModel, texts('donation')),
  route('/invoice/donation/:channelId/preview', () => import('../screens/DonationPreview/DonationPreviewScreen'), TOKENS.DonationPreviewViewModel, texts('donation')),
  route('/transaction/:transactionId', () => import('../screens/Transaction/TransactionScreen'), TOKENS.TransactionViewModel, texts('transaction')),
  route('/payout', () => import('../screens/Payout/PayoutScreen'), TOKENS.PayoutViewModel, texts('payout', 'transaction')),
  route('/payout/settings', () => import('../screens/PayoutSettings/PayoutSettingsScreen'), TOKENS.PayoutSettingsViewModel, texts('payout')),
  route('/payout/setup', () => import('../screens/PayoutSetup/PayoutSetupScreen'), TOKENS.PayoutSetupViewModel, texts('payout')),
  route('/payout/setup/country', () => import('../screens/PayoutSetup/PayoutCountryScreen'), TOKENS.PayoutSetupViewModel, texts('payout')),
  route('/payout/setup/bank', () => import('../screens/PayoutSetup/PayoutBankScreen'), TOKENS.PayoutSetupViewModel, texts('payout')),
  route('/channel/:channelId/subscription/command', () => import('../screens/SubscriptionCommand/SubscriptionCommandScreen'), TOKENS.SubscriptionCommandViewModel),
  route('/channel/:channelId/subscription/:subscriptionId', () => import('../screens/Subscription/SubscriptionScreen'), TOKENS.SubscriptionViewModel),
  route('/channel/:channelId/subscription/:subscriptionId/preview', () => import('../screens/SubscriptionPreview/SubscriptionPreviewScreen'), TOKENS.SubscriptionPreviewViewModel),
  route('/channel/:channelId/subscription/:subscriptionId/member/:memberId', () => import('../screens/SubscriptionMember/SubscriptionMemberScreen'), TOKENS.SubscriptionMemberViewModel),
  route('/migration', () => import('../screens/Migration/MigrationScreen'), TOKENS.MigrationViewModel, texts('migration')),
  route('/migration/terms', () => import('../screens/Migration/MigrationTermsScreen'), TOKENS.MigrationViewModel, texts('migration')),
  route('/migration/connectChannels', () => import('../screens/Migration/MigrationChannelsScreen'), TOKENS.MigrationViewModel, texts('migration')),
  route('/banned', () => import('../screens/Banned/BannedScreen'), texts('banned')),
  route('/faq', () => import('../screens/Faq/FaqScreen'), texts('help')),
  route('/support', () => import('../screens/Support/SupportScreen'), texts('help')),
  route('/dev', () => import('../screens/Dev/DevScreen'), texts('devtools')),
  route('/debug', () => import('../screens/Debug/DebugScreen'), TOKENS.DebugViewModel, texts('devtools')),
  // Only in `npm run build:local` (Vite replaces __LOCAL_BUILD__, so the normal build has neither route nor chunk).
  ...(typeof __LOCAL_BUILD__ !== 'undefined' && __LOCAL_BUILD__ ? [route('/local', () => import('../screens/Local/LocalScreen'), TOKENS.LocalViewModel, texts('devtools'))] : []),
];

export const NOT_FOUND_ROUTE: RouteEntry = route('*', () => import('../screens/NotFound/NotFoundScreen'), texts());
