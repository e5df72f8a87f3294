/** The Scheduler port on the platform's timers: a delay that an AbortSignal cancels (rejecting with its reason). */
import type { Scheduler } from '../../application/ports/Scheduler';

export class TimerScheduler implements Scheduler {
  delay(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
