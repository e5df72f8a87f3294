/** Rate limiters for DOM events; both run on the real (or Jest's fake) timers. */

export interface Cancellable {
  (): void;
  cancel(): void;
}

/** Runs `fn` at once, then at most once per `ms` (a call inside the window runs at its end). */
export function throttle(fn: () => void, ms: number): Cancellable {
  let lastRun = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (): void => {
    timer = undefined;
    lastRun = Date.now();
    fn();
  };
  const throttled = (): void => {
    const wait = lastRun + ms - Date.now();
    if (wait <= 0) run();
    else timer ??= setTimeout(run, wait);
  };
  return Object.assign(throttled, { cancel: () => clearTimeout(timer) });
}

/** Runs `fn` once `ms` have passed without another call. */
export function debounce(fn: () => void, ms: number): Cancellable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (): void => {
    clearTimeout(timer);
    timer = setTimeout(fn, ms);
  };
  return Object.assign(debounced, { cancel: () => clearTimeout(timer) });
}

/**
 * Runs `fn` once the next frame has been painted (a task queued from the frame callback runs after its paint);
 * answers a function that cancels it. Reading layout there costs nothing extra, while reading it right after a
 * render forces the browser to lay out before the first paint.
 */
export function afterNextPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
