/**
 * Revenue insights in the in-memory backend, computed from the memberships themselves by the shared rules of
 * src/domain/insights.ts (the server keeps the same figures as counters: server/modules/revenue/insights.ts). A
 * membership paid in Telegram Stars counts in Stars at the Stars of its last payment (backend.memberStars).
 */
import type { RevenueInsights, RevenueInsightsRepository } from '../../application/ports/RevenueInsightsRepository';
import { insightMonthOf, insightMonthStarts, memberMonthsOf, monthlyFromYearly, mrrOf } from '../../domain/insights';
import type { Currency } from '../../domain/money';
import { conversionPercent } from '../../domain/trial';
import { type InMemoryBackend, type InMemorySession, fail } from './InMemoryBackend';
import { promoCodesOf, promoStatsOf } from './InMemoryPromoRepository';
import { trialStatsOf } from './InMemorySubscriptionRepository';

export class InMemoryRevenueInsightsRepository implements RevenueInsightsRepository {
  constructor(
    private readonly backend: InMemoryBackend,
    private readonly session: InMemorySession = backend.session,
  ) {}

  /** One channel's (its owner only, as the server: verified, moderated) or every channel's not deleted. */
  async insights(channelId: number | null): Promise<RevenueInsights> {
    const { backend } = this;
    const actor = backend.actor(this.session);
    if (actor.verification !== 'approved')
      fail('verification_required', 'Verification is required to use creator features');
    if (channelId !== null) backend.approvedChannel(actor, channelId, true);
    const channelIds = [...backend.channels.values()]
      .filter((channel) => channel.ownerId === actor.user.id && !channel.isDeleted)
      .filter((channel) => channelId === null || channel.id === channelId)
      .map((channel) => channel.id);
    const subscriptions = [...backend.subscriptions.values()].filter((one) => channelIds.includes(one.channelId));
    const subscriptionIds = subscriptions.map((one) => one.id);
    const members = [...backend.members.values()].filter((member) => subscriptionIds.includes(member.subscriptionId));
    const nowMs = backend.nowMs();

    const totals = mrrOf(
      members.map((member) => {
        const starsPrice = backend.memberStars.get(member.id);
        return {
          status: member.status,
          period: member.period,
          ...(member.expiresAt === undefined ? {} : { expiresAtMs: member.expiresAt * 1000 }),
          priceMinor: member.price.minor,
          currency: member.price.currency,
          ...(member.paidWith === 'stars' && starsPrice != null ? { stars: starsPrice } : {}),
          onTrial: member.trialEndsAt !== undefined,
        };
      }),
      nowMs,
    );
    const stars = totals.find((total) => total.currency === 'xtr');
    const months = memberMonthsOf(
      members.map((member) => ({
        activatedAtMs: member.activatedAt * 1000,
        ...(member.expiresAt === undefined ? {} : { expiresAtMs: member.expiresAt * 1000 }),
        onTrial: member.trialEndsAt !== undefined,
      })),
      nowMs,
    );
    const byMonth = new Map(months.map((month) => [month.month, month]));
    const trials = trialStatsOf(backend, subscriptionIds);
    return {
      mrr: totals
        .filter((total) => total.currency !== 'xtr')
        .map((total) => ({
          currency: total.currency as Currency,
          minor: monthlyFromYearly(total.yearlyMinor),
          members: total.members,
        }))
        .sort((a, b) => b.minor - a.minor || a.currency.localeCompare(b.currency)),
      starsMrr: stars === undefined ? null : { stars: monthlyFromYearly(stars.yearlyMinor), members: stars.members },
      months: insightMonthStarts(nowMs).map((start) => {
        const month = insightMonthOf(start);
        const row = byMonth.get(month);
        return { month, start: start / 1000, newMembers: row?.newMembers ?? 0, lostMembers: row?.lostMembers ?? 0 };
      }),
      // As the server: codes not deleted, or deleted after bringing a payment; newest first.
      promos: promoCodesOf(backend)
        .filter((code) => channelIds.includes(code.channelId))
        .filter(
          (code) =>
            !code.deleted ||
            [...backend.payments.values()].some((payment) => payment.promoTerms?.promoCodeId === code.id),
        )
        .sort((a, b) => b.id - a.id)
        .map((code) => ({
          id: code.id,
          code: code.code,
          channelId: code.channelId,
          subscriptionId: code.subscriptionId,
          deleted: code.deleted,
          ...promoStatsOf(backend, code.id),
        })),
      trials: { ...trials, conversionPercent: conversionPercent(trials) },
    };
  }
}
