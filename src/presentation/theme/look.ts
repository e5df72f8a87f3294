import type { PlatformName } from '../../application/ports/MessengerPlatform';
import type { Theme } from '../../domain/entities';

/** Apple look on Apple platforms, Material everywhere else (spec section 1). */
export function lookForPlatform(platform: PlatformName): Theme {
  return platform === 'ios' || platform === 'macos' ? 'apple' : 'material';
}
