/** WCAG 2 contrast arithmetic on #rgb / #rrggbb colours. */

export type Rgb = readonly [number, number, number];

export function parseHex(color: string | undefined): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec((color ?? '').trim());
  if (match === null) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  return [0, 2, 4].map((offset) => parseInt(hex.slice(offset, offset + 2), 16)) as unknown as Rgb;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((channel) =>
      Math.round(Math.min(255, Math.max(0, channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (channel: number): number => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** `from` moved `amount` (0..1) of the way to `to`, in whole channel values (what the CSS colour will be). */
export function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return from.map((channel, index) => Math.round(channel + (to[index] - channel) * amount)) as unknown as Rgb;
}

export const WHITE: Rgb = [255, 255, 255];
export const BLACK: Rgb = [0, 0, 0];

/** WCAG AA for normal text. */
export const AA_TEXT = 4.5;

/**
 * `foreground`, moved in small steps towards `target` (by default black on light backgrounds, white on dark
 * ones) until it reaches `minimum` contrast against every background. Colours that already pass stay as they are.
 */
export function ensureContrast(
  foreground: Rgb,
  backgrounds: readonly Rgb[],
  minimum: number = AA_TEXT,
  target?: Rgb,
): Rgb {
  const passes = (color: Rgb): boolean =>
    backgrounds.every((background) => contrastRatio(color, background) >= minimum);
  if (passes(foreground)) return foreground;
  target ??= Math.min(...backgrounds.map(relativeLuminance)) > 0.18 ? BLACK : WHITE;
  for (let step = 1; step <= 20; step += 1) {
    const candidate = mix(foreground, target, step / 20);
    if (passes(candidate)) return candidate;
  }
  return target;
}

/** White or black, whichever reads better on `background`. */
export function readableOn(background: Rgb): Rgb {
  return contrastRatio(WHITE, background) >= contrastRatio(BLACK, background) ? WHITE : BLACK;
}
