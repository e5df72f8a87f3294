import type { Cursor } from '../../../contract/api';
import type { Page } from '../../../application/ports/Page';

export function toPage<TDto, T>(
  items: readonly TDto[] | undefined,
  nextFrom: Cursor | undefined,
  map: (dto: TDto) => T,
): Page<T> {
  return { items: (items ?? []).map(map), nextFrom: nextFrom ?? null };
}
