import { useState } from 'react';
import { AVATAR_DEFAULT_SIZE, avatarGradientIndex } from '../../domain/format-light';

export interface AvatarProps {
  /** User or channel id: picks one of seven gradients (absolute value modulo 7). */
  readonly id: number;
  /** Full name; gives the initials and the image's alternative text. */
  readonly name: string;
  readonly src?: string;
  readonly size?: number;
  /** True when a neighbouring text already names the person or channel. */
  readonly decorative?: boolean;
}

/**
 * Up to two initials from letters only: the first letter of each of the first two words that have one ("Anna Smith"
 * → "AS", "Jack 8" → "J", "2Pac Shakur" → "PS"). Digits, emoji and punctuation never show; a name without letters
 * leaves the gradient empty.
 */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) => /\p{L}/u.exec(word)?.[0])
    .filter((letter): letter is string => letter !== undefined)
    .slice(0, 2)
    .join('')
    .toUpperCase();
}

/** A round picture, or initials on a gradient when there is no picture or it fails to load. */
export function Avatar({ id, name, src, size = AVATAR_DEFAULT_SIZE, decorative }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (src && !failed) {
    return (
      <img
        className="avatar"
        style={style}
        src={src}
        alt={decorative ? '' : name}
        width={size}
        height={size}
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      className={`avatar avatar--gradient-${avatarGradientIndex(id)}`}
      style={style}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
    >
      {initials(name)}
    </span>
  );
}
