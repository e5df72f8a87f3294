/** Frames to wait for a screen shown again to be laid out tall enough to scroll back to where it was. */
const RESTORE_FRAMES = 30;

/** Scrolls the page to `y` once it is tall enough (a few frames at most); calls `done` either way. Returns a cancel. */
export function restoreScroll(y: number, done: () => void = () => undefined): () => void {
  let frame = 0;
  let handle = 0;
  const step = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) <= 1 || ++frame >= RESTORE_FRAMES) done();
    else handle = requestAnimationFrame(step);
  };
  step();
  return () => cancelAnimationFrame(handle);
}
