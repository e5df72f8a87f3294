/**
 * The route table (spec section 2). Register a route only when its screen does what the spec says; one line
 * per route: `route(path, () => import('../screens/<Name>/<Name>Screen'), TOKENS.<Name>ViewModel)`.
 * Unknown paths fall through to the not-found screen.
 */
import { matchRoutes } from 'react-router-dom';
import { TOKENS } from '../../di/tokens';
import type { Resolver } from '../app/resolver';
import { type RouteEntry, route } from './lazyScreen';

export const ROUTES: readonly RouteEntry[] = [
  route('/', () => import('../screens/Dashboard/DashboardScreen'), TOKENS.DashboardViewModel),
  route('/dashboard', () => import('../screens/Dashboard/DashboardScreen'), TOKENS.DashboardViewModel),
  route('/dashboard/:mode', () => import('../screens/Dashboard/DashboardScreen'), TOKENS.DashboardViewModel),
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
  route('/channel/:channelId/subscription/create', () => import('../screens/SubscriptionForm/SubscriptionFormScreen'), TOKENS.SubscriptionFormViewModel),
  route('/channel/:channelId/subscription/:subscriptionId/edit', () => import('../screens/SubscriptionForm/SubscriptionFormScreen'), TOKENS.SubscriptionFormViewModel),
];

export const NOT_FOUND_ROUTE: RouteEntry = route('*', () => import('../screens/NotFound/NotFoundScreen'));

/** Starts loading the screen of `pathname` (and its view model) before the app renders. */
export function preloadRoute(resolver: Resolver, pathname: string): void {
  const entries = [...ROUTES, NOT_FOUND_ROUTE];
  const match = matchRoutes(entries.map(({ path }, index) => ({ path, id: String(index) })), pathname);
  const matched = match?.[0]?.route.id;
  if (matched !== undefined) entries[Number(matched)].preload(resolver);
}
