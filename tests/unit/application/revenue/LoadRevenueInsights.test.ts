import type {
  RevenueInsights,
  RevenueInsightsRepository,
} from '../../../../src/application/ports/RevenueInsightsRepository';
import { RepositoryError } from '../../../../src/application/ports/RepositoryError';
import { LoadRevenueInsights } from '../../../../src/application/use-cases/revenue/LoadRevenueInsights';

const month = (n: number, newMembers: number, lostMembers: number) => ({
  month: `2026-${String(n).padStart(2, '0')}`,
  start: Date.UTC(2026, n - 1, 1) / 1000,
  newMembers,
  lostMembers,
});

function repository(answer: RevenueInsights | Error): RevenueInsightsRepository & { asked: (number | null)[] } {
  const asked: (number | null)[] = [];
  return {
    asked,
    insights: (channelId) => {
      asked.push(channelId);
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
}

describe('LoadRevenueInsights', () => {
  it('answers the insights of the scope asked, with the scale the month bars share', async () => {
    const insights: RevenueInsights = {
      mrr: [{ currency: 'eur', minor: 6_417, members: 4 }],
      starsMrr: { stars: 250, members: 1 },
      months: [month(10, 2, 7), month(11, 5, 1)],
      promos: [],
      trials: { onTrial: 1, ended: 2, converted: 1, conversionPercent: 50 },
    };
    const port = repository(insights);
    const result = await new LoadRevenueInsights(port).execute(42);
    expect(port.asked).toEqual([42]);
    expect(result).toEqual({ ok: true, value: { ...insights, monthScale: 7, quietMonths: false } });
  });

  it('keeps a scale of 1 for quiet months, and reports a refusal by its code', async () => {
    const quiet = await new LoadRevenueInsights(
      repository({
        mrr: [],
        starsMrr: null,
        months: [month(11, 0, 0)],
        promos: [],
        trials: { onTrial: 0, ended: 0, converted: 0, conversionPercent: null },
      }),
    ).execute(null);
    expect(quiet.ok && quiet.value).toMatchObject({ monthScale: 1, quietMonths: true });
    const refused = await new LoadRevenueInsights(
      repository(new RepositoryError('not_found', 'No such channel')),
    ).execute(7);
    expect(refused).toEqual({ ok: false, error: expect.objectContaining({ kind: 'request', code: 'not_found' }) });
  });
});
