/**
 * Placeholders of prepared statements written as raw SQL (`sql\`${sql.placeholder(name)}\``), and the values they
 * take. Drizzle's typed `set()` does not take a bare placeholder, and a placeholder in raw SQL has no column to encode
 * its value: PostgreSQL types it from where it stands, and dates go as ISO text (the drivers would each write a Date
 * their own way).
 */
import { type SQL, sql } from 'drizzle-orm';

/** A raw placeholder per name, keyed by the name; `prefix` is added to each placeholder's own name. */
export function rawPlaceholders<K extends string>(names: readonly K[], prefix = ''): Record<K, SQL> {
  return Object.fromEntries(names.map((name) => [name, sql`${sql.placeholder(`${prefix}${name}`)}`])) as Record<K, SQL>;
}

/** The values for rawPlaceholders(…, prefix): keys prefixed, dates as ISO text. */
export function rawValues(values: Readonly<Record<string, unknown>>, prefix = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      `${prefix}${name}`,
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
}
