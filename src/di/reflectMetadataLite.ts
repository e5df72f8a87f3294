/**
 * The three Reflect metadata functions inversify 8 calls (binding ids and class metadata), in place of the
 * `reflect-metadata/lite` polyfill it imports (8 kB minified). vite.config.ts aliases that import here for the
 * browser build; Jest keeps the real polyfill. We bind with explicit dependency lists, so no decorator metadata
 * is ever emitted or read.
 */
type MetadataKey = unknown;
type PropertyKey = string | symbol | undefined;

const store = new WeakMap<object, Map<PropertyKey, Map<MetadataKey, unknown>>>();

function ownMap(target: object, property: PropertyKey, create: boolean): Map<MetadataKey, unknown> | undefined {
  let byProperty = store.get(target);
  if (byProperty === undefined) {
    if (!create) return undefined;
    store.set(target, (byProperty = new Map()));
  }
  let metadata = byProperty.get(property);
  if (metadata === undefined && create) byProperty.set(property, (metadata = new Map()));
  return metadata;
}

export function defineMetadata(key: MetadataKey, value: unknown, target: object, property?: PropertyKey): void {
  ownMap(target, property, true)!.set(key, value);
}

export function getOwnMetadata(key: MetadataKey, target: object, property?: PropertyKey): unknown {
  return ownMap(target, property, false)?.get(key);
}

/** Own metadata, else the nearest prototype's. */
export function getMetadata(key: MetadataKey, target: object, property?: PropertyKey): unknown {
  for (
    let current: object | null = target;
    current !== null;
    current = Object.getPrototypeOf(current) as object | null
  ) {
    const metadata = ownMap(current, property, false);
    if (metadata?.has(key)) return metadata.get(key);
  }
  return undefined;
}

/** Installs the functions on Reflect unless a full polyfill is already there. */
export function installReflectMetadata(reflect: object = Reflect): void {
  const target = reflect as Record<string, unknown>;
  target.defineMetadata ??= defineMetadata;
  target.getOwnMetadata ??= getOwnMetadata;
  target.getMetadata ??= getMetadata;
}

installReflectMetadata();
