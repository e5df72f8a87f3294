/**
 * The route table (spec section 2). Register a route only when its screen does what the spec says; one line
 * per route: `route(path, () => import('../screens/<Name>/<Name>Screen'), TOKENS.<Name>ViewModel)`. A screen
 * renders once its i18n texts are loaded: every namespace unless the line names them (`texts('dashboard')`).
 * Unknown paths fall through to the not-found screen. This table is a chunk of its own, loaded when a path is not
 * one of the first screen's (firstRoutes.tsx, in the entry).
 */
import { TOKENS } from '../../di/tokens';
import { type RouteEntry, preloads, route, texts, viewModel } from './lazyScreen';

/** A positive integer id from the query, else null. */
function optionalId(value: string | null): number | null {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const ROUTES: readonly RouteEntry[] = [
  route('/verification', () => import('../screens/Verification/VerificationScreen'), TOKENS.VerificationViewModel),
  route('/connectbot', () => import('../screens/ConnectBot/ConnectBotScreen'), TOKENS.ConnectBotViewModel),
  route('/uikit', () => import('../screens/Uikit/UikitScreen'), TOKENS.UikitViewModel),
  route(
    '/invoice/subscription/:subscriptionId',
    () => import('../screens/Invoice/InvoiceScreen'),
    viewModel(TOKENS.InvoiceViewModel, (p) => ['subscription' as const, Number(p.subscriptionId)]),
  ),
  route(
    '/invoice/subscription/:subscriptionId/promo/:promoCode',
    () => import('../screens/Invoice/InvoiceScreen'),
    viewModel(TOKENS.InvoiceViewModel, (p) => ['subscription' as const, Number(p.subscriptionId), p.promoCode ?? null]),
  ),
  route(
    '/invoice/subscription/:subscriptionId/gift',
    () => import('../screens/Gift/GiftPurchaseScreen'),
    viewModel(TOKENS.GiftPurchaseViewModel, (p) => [Number(p.subscriptionId)]),
  ),
  route(
    '/gift/sent/:paymentId',
    () => import('../screens/Gift/GiftSentScreen'),
    viewModel(TOKENS.GiftSentViewModel, (p) => [p.paymentId ?? '']),
  ),
  route(
    '/gift/:code',
    () => import('../screens/Gift/GiftScreen'),
    viewModel(TOKENS.GiftViewModel, (p) => [p.code ?? '']),
  ),
  route(
    '/invoice/donation/:donationId',
    () => import('../screens/Invoice/InvoiceScreen'),
    viewModel(TOKENS.InvoiceViewModel, (p) => ['donation' as const, Number(p.donationId)]),
  ),
  route(
    '/payment/choicePaymentMethod',
    () => import('../screens/PaymentMethod/PaymentMethodScreen'),
    TOKENS.PaymentMethodViewModel,
  ),
  route('/payment/form', () => import('../screens/PaymentForm/PaymentFormScreen'), TOKENS.PaymentFormViewModel),
  route(
    '/payment/redirect',
    () => import('../screens/PaymentRedirect/PaymentRedirectScreen'),
    TOKENS.PaymentRedirectViewModel,
  ),
  route(
    '/follower/subscription/:subscriptionMemberId',
    () => import('../screens/FollowerSubscription/FollowerSubscriptionScreen'),
    viewModel(TOKENS.FollowerSubscriptionViewModel, (p) => [Number(p.subscriptionMemberId)]),
  ),
  route('/payment', () => import('../screens/Cards/CardsScreen'), TOKENS.CardsViewModel),
  route(
    '/payment/card/:cardId',
    () => import('../screens/Card/CardScreen'),
    viewModel(TOKENS.CardViewModel, (p) => [Number(p.cardId)]),
  ),
  route(
    '/channel/:channelId',
    () => import('../screens/Channel/ChannelScreen'),
    viewModel(TOKENS.ChannelViewModel, (p) => [Number(p.channelId)]),
    preloads(TOKENS.RevenueChartViewModel),
  ),
  route(
    '/channel/:channelId/settings',
    () => import('../screens/ChannelSettings/ChannelSettingsScreen'),
    viewModel(TOKENS.ChannelSettingsViewModel, (p) => [Number(p.channelId)]),
  ),
  route(
    '/channel/:channelId/language',
    () => import('../screens/ChannelLanguage/ChannelLanguageScreen'),
    viewModel(TOKENS.ChannelLanguageViewModel, (p, search) => [Number(p.channelId ?? search.get('id'))]),
  ),
  // The same screen under the form the spec also names ("/channel with param id").
  route(
    '/channel',
    () => import('../screens/ChannelLanguage/ChannelLanguageScreen'),
    viewModel(TOKENS.ChannelLanguageViewModel, (p, search) => [Number(p.channelId ?? search.get('id'))]),
  ),
  route(
    '/channel/:channelId/subscription/create',
    () => import('../screens/SubscriptionForm/SubscriptionFormScreen'),
    viewModel(TOKENS.SubscriptionFormViewModel, (p) => [
      Number(p.channelId),
      p.subscriptionId === undefined ? null : Number(p.subscriptionId),
    ]),
  ),
  route(
    '/channel/:channelId/subscription/:subscriptionId/edit',
    () => import('../screens/SubscriptionForm/SubscriptionFormScreen'),
    viewModel(TOKENS.SubscriptionFormViewModel, (p) => [
      Number(p.channelId),
      p.subscriptionId === undefined ? null : Number(p.subscriptionId),
    ]),
  ),
  route(
    '/channel/:channelId/donation/create',
    () => import('../screens/DonationForm/DonationFormScreen'),
    viewModel(TOKENS.DonationFormViewModel, (p) => [Number(p.channelId)]),
    texts('donation'),
  ),
  route(
    '/invoice/donation/:channelId/preview',
    () => import('../screens/DonationPreview/DonationPreviewScreen'),
    viewModel(TOKENS.DonationPreviewViewModel, (p) => [Number(p.channelId)]),
    texts('donation'),
  ),
  route(
    '/channel/:channelId/donation/:donationId',
    () => import('../screens/DonationRequest/DonationRequestScreen'),
    viewModel(TOKENS.DonationRequestViewModel, (p) => [Number(p.channelId), Number(p.donationId)]),
    texts('donation'),
  ),
  route(
    '/transaction/:transactionId',
    () => import('../screens/Transaction/TransactionScreen'),
    viewModel(TOKENS.TransactionViewModel, (p) => [Number(p.transactionId)]),
    texts('transaction'),
  ),
  route(
    '/payout',
    () => import('../screens/Payout/PayoutScreen'),
    TOKENS.PayoutViewModel,
    texts('payout', 'transaction'),
  ),
  route(
    '/payout/settings',
    () => import('../screens/PayoutSettings/PayoutSettingsScreen'),
    TOKENS.PayoutSettingsViewModel,
    texts('payout'),
  ),
  route(
    '/payout/setup',
    () => import('../screens/PayoutSetup/PayoutSetupScreen'),
    TOKENS.PayoutSetupViewModel,
    texts('payout'),
  ),
  route(
    '/payout/setup/country',
    () => import('../screens/PayoutSetup/PayoutCountryScreen'),
    TOKENS.PayoutSetupViewModel,
    texts('payout'),
  ),
  route(
    '/payout/setup/bank',
    () => import('../screens/PayoutSetup/PayoutBankScreen'),
    TOKENS.PayoutSetupViewModel,
    texts('payout'),
  ),
  route(
    '/channel/:channelId/subscription/command',
    () => import('../screens/SubscriptionCommand/SubscriptionCommandScreen'),
    viewModel(TOKENS.SubscriptionCommandViewModel, (p, search) => [
      optionalId(p.channelId ?? null),
      optionalId(search.get('subscriptionId')),
    ]),
  ),
  route(
    '/channel/:channelId/subscription/:subscriptionId/promos',
    () => import('../screens/PromoCodes/PromoCodesScreen'),
    viewModel(TOKENS.PromoCodesViewModel, (p) => [Number(p.subscriptionId)]),
  ),
  route(
    '/channel/:channelId/subscription/:subscriptionId/retention',
    () => import('../screens/RetentionOffer/RetentionOfferScreen'),
    viewModel(TOKENS.RetentionOfferViewModel, (p) => [Number(p.subscriptionId)]),
  ),
  route(
    '/channel/:channelId/subscription/:subscriptionId',
    () => import('../screens/Subscription/SubscriptionScreen'),
    viewModel(TOKENS.SubscriptionViewModel, (p) => [Number(p.subscriptionId)]),
  ),
  route(
    '/channel/:channelId/subscription/:subscriptionId/preview',
    () => import('../screens/SubscriptionPreview/SubscriptionPreviewScreen'),
    viewModel(TOKENS.SubscriptionPreviewViewModel, (p) => [Number(p.subscriptionId)]),
  ),
  route(
    '/channel/:channelId/subscription/:subscriptionId/member/:memberId',
    () => import('../screens/SubscriptionMember/SubscriptionMemberScreen'),
    viewModel(TOKENS.SubscriptionMemberViewModel, (p) => [Number(p.memberId)]),
  ),
  route(
    '/revenue',
    () => import('../screens/RevenueInsights/RevenueInsightsScreen'),
    viewModel(TOKENS.RevenueInsightsViewModel, (_p, search) => [optionalId(search.get('channelId'))]),
    texts('insights'),
  ),
  route(
    '/migration',
    () => import('../screens/Migration/MigrationScreen'),
    TOKENS.MigrationViewModel,
    texts('migration'),
  ),
  route(
    '/migration/terms',
    () => import('../screens/Migration/MigrationTermsScreen'),
    TOKENS.MigrationViewModel,
    texts('migration'),
  ),
  route(
    '/migration/connectChannels',
    () => import('../screens/Migration/MigrationChannelsScreen'),
    TOKENS.MigrationViewModel,
    texts('migration'),
  ),
  route('/banned', () => import('../screens/Banned/BannedScreen'), TOKENS.SupportViewModel, texts('banned')),
  route('/faq', () => import('../screens/Faq/FaqScreen'), TOKENS.SupportViewModel, texts('help')),
  route('/support', () => import('../screens/Support/SupportScreen'), TOKENS.SupportViewModel, texts('help')),
  route(
    '/settings/language',
    () => import('../screens/PageLanguage/PageLanguageScreen'),
    TOKENS.PageLanguageViewModel,
    texts('settings'),
  ),
  route('/dev', () => import('../screens/Dev/DevScreen'), texts('devtools')),
  route('/debug', () => import('../screens/Debug/DebugScreen'), TOKENS.DebugViewModel, texts('devtools')),
  // Only in `npm run build:local` (Vite replaces __LOCAL_BUILD__, so the normal build has neither route nor chunk).
  ...(typeof __LOCAL_BUILD__ !== 'undefined' && __LOCAL_BUILD__
    ? [route('/local', () => import('../screens/Local/LocalScreen'), TOKENS.LocalViewModel, texts('devtools'))]
    : []),
];

export const NOT_FOUND_ROUTE: RouteEntry = route(
  '*',
  () => import('../screens/NotFound/NotFoundScreen'),
  texts('unavailable'),
);
