import { makeAutoObservable } from 'mobx';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type {
  LoadRevenueInsights,
  RevenueInsightsView,
} from '../../../application/use-cases/revenue/LoadRevenueInsights';
import { AsyncState } from '../../shell/screenState';

/**
 * /revenue (every channel) and /revenue?channelId= (one): monthly recurring revenue, members gained and lost in each
 * of the last 12 months, and revenue per promo code (rules: src/domain/insights.ts).
 */
export class RevenueInsightsViewModel {
  readonly loader = new AsyncState(errorCodeOf);
  insights: RevenueInsightsView | null = null;

  constructor(
    private readonly loadInsights: LoadRevenueInsights,
    readonly channelId: number | null,
  ) {
    makeAutoObservable<RevenueInsightsViewModel, 'loadInsights'>(
      this,
      { loadInsights: false, loader: false, channelId: false },
      { autoBind: true },
    );
  }

  get state() {
    return this.loader.state;
  }

  async load(): Promise<void> {
    await this.loader.run(
      async () => {
        const result = await this.loadInsights.execute(this.channelId);
        if (!result.ok) throw result.error;
        return result.value;
      },
      (insights) => {
        this.insights = insights;
      },
    );
  }

  dispose(): void {
    this.loader.dispose();
  }
}
