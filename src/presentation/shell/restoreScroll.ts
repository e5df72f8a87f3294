/**
 * How long a screen shown again may take to grow tall enough to scroll back to where it was. Its rows below the fold
 * are laid out at an estimated height until scrolled near (content-visibility), and a section may fill in after it
 * shows, so on a busy phone the page reaches its old height over many frames, not a few.
 */
const RESTORE_LIMIT_MS = 3_000;
/** What the person does to scroll or act: from then on the page is theirs, and restoring stops. */
const USER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Scrolls the page to `y` once it is tall enough (trying every frame, for 3 s at most, until the person scrolls or
 * acts); calls `done` either way. Returns a cancel.
 */
export function restoreScroll(y: number, done: () => void = () => undefined): () => void {
  const deadline = performance.now() + RESTORE_LIMIT_MS;
  let handle = 0;
  let stopped = false;
  const stop = () => {
    stopped = true;
    cancelAnimationFrame(handle);
    for (const type of USER_INPUT) window.removeEventListener(type, finish, true);
  };
  function finish() {
    if (stopped) return;
    stop();
    done();
  }
  const step = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) <= 1 || performance.now() >= deadline) finish();
    else handle = requestAnimationFrame(step);
  };
  for (const type of USER_INPUT) window.addEventListener(type, finish, { capture: true, passive: true });
  step();
  return () => {
    if (!stopped) stop();
  };
}
