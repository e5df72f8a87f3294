/**
 * Runs `work` over `items` with at most `limit` calls in flight: for jobs whose time is an outside system's latency
 * (the card provider), where one call at a time leaves the process idle. Every item is tried; the first error is
 * thrown after all have finished, so no call is left running behind the caller's back.
 */
export async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
}

/**
 * A steady pace: `turn()` resolves when the next call may start, no more than `perSecond` starts in any second, for
 * an outside system's rate limit (Telegram's bulk messages) rather than a burst it would answer with 429. Shared by
 * every caller of one run, across its batches.
 */
export class Pace {
  private nextStart = 0;
  private readonly gapMs: number;

  constructor(
    perSecond: number,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.gapMs = 1000 / perSecond;
  }

  async turn(): Promise<void> {
    const now = Date.now();
    const start = Math.max(now, this.nextStart);
    this.nextStart = start + this.gapMs;
    if (start > now) await this.sleep(start - now);
  }
}
