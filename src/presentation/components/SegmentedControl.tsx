import { type KeyboardEvent, useRef } from 'react';

export interface Segment<T extends string> {
  readonly value: T;
  readonly label: string;
}

export interface SegmentedControlProps<T extends string> {
  readonly segments: readonly Segment<T>[];
  readonly value: T;
  readonly onChange: (value: T) => void;
  /** Names the group. */
  readonly label: string;
  /** Id prefix of the panels the tabs control (`${panelIdPrefix}-${value}`), if any. */
  readonly panelIdPrefix?: string;
}

/**
 * Tabs or a segmented switch: a tablist where the selected tab is the one in the tab order and the arrow,
 * Home and End keys move the selection (WAI-ARIA tabs with automatic activation).
 */
export function SegmentedControl<T extends string>({
  segments,
  value,
  onChange,
  label,
  panelIdPrefix,
}: SegmentedControlProps<T>) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (index: number): void => {
    const next = (index + segments.length) % segments.length;
    onChange(segments[next].value);
    tabs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number): void => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    const moves: Record<string, number> = {
      [forward]: index + 1,
      [backward]: index - 1,
      Home: 0,
      End: segments.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      select(moves[event.key]);
    }
  };
  return (
    <div className="segmented" role="tablist" aria-label={label}>
      {segments.map((segment, index) => {
        const selected = segment.value === value;
        return (
          <button
            key={segment.value}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            className="segmented__tab"
            aria-selected={selected}
            aria-controls={panelIdPrefix ? `${panelIdPrefix}-${segment.value}` : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(segment.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {segment.label}
          </button>
        );
      })}
    </div>
  );
}
