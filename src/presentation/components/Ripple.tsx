import { type PointerEvent, type ReactElement, useCallback, useEffect, useMemo, useState } from 'react';
import { debounce } from './timing';

/** Spec section 9: the ripples of a control are cleared 2 s after the last press. */
export const RIPPLE_CLEAR_MS = 2000;

interface RippleWave {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  readonly size: number;
}

/**
 * Press feedback: each press adds a wave centred on the pointer; all of a control's waves are removed together
 * 2 s after the last press (the CSS animation itself is shorter, and off with reduced motion).
 */
export function useRipple(): {
  readonly onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  readonly ripple: ReactElement | null;
} {
  const [waves, setWaves] = useState<readonly RippleWave[]>([]);
  const clear = useMemo(() => debounce(() => setWaves([]), RIPPLE_CLEAR_MS), []);
  useEffect(() => clear.cancel, [clear]);
  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const box = event.currentTarget.getBoundingClientRect();
      const size = Math.max(box.width, box.height) * 2;
      setWaves((current) => [
        ...current,
        { id: (current.at(-1)?.id ?? 0) + 1, x: event.clientX - box.left, y: event.clientY - box.top, size },
      ]);
      clear();
    },
    [clear],
  );
  const ripple =
    waves.length === 0 ? null : (
      <span className="ripple" aria-hidden="true">
        {waves.map((wave) => (
          <span
            key={wave.id}
            className="ripple__wave"
            style={{ left: wave.x - wave.size / 2, top: wave.y - wave.size / 2, width: wave.size, height: wave.size }}
          />
        ))}
      </span>
    );
  return { onPointerDown, ripple };
}
