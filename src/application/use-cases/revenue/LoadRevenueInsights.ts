import { type Result, ok } from '../../../domain/result';
import type {
  RevenueInsightMonth,
  RevenueInsights,
  RevenueInsightsRepository,
} from '../../ports/RevenueInsightsRepository';
import { type RequestFailure, request } from '../shared/failures';

/** The insights as the screen shows them: the server's figures, with the scale the month bars share. */
export interface RevenueInsightsView extends RevenueInsights {
  /** The largest count of new or lost members in one month (at least 1): a bar's full width. */
  readonly monthScale: number;
  /** True when no month has a new or lost member. */
  readonly quietMonths: boolean;
}

/** Loads a creator's revenue insights: one channel's (its id) or every channel's (null). */
export class LoadRevenueInsights {
  constructor(private readonly insights: RevenueInsightsRepository) {}

  async execute(channelId: number | null): Promise<Result<RevenueInsightsView, RequestFailure>> {
    const loaded = await request(() => this.insights.insights(channelId));
    if (!loaded.ok) return loaded;
    const months: readonly RevenueInsightMonth[] = loaded.value.months;
    const largest = Math.max(0, ...months.map((month) => Math.max(month.newMembers, month.lostMembers)));
    return ok({ ...loaded.value, monthScale: Math.max(1, largest), quietMonths: largest === 0 });
  }
}
