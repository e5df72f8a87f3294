/**
 * Settings an admin changes in the operator console, each overriding its environment default until changed again:
 * channel_moderation (CHANNEL_MODERATION: `pre` puts new channels in the moderation queue, `off` approves them).
 * The value is read where it applies (a channel being added), so a change takes effect at once on every instance.
 */
import { eq } from 'drizzle-orm';
import type { ChannelModerationMode, ServerConfig } from './config';
import type { DbOrTx } from './db/db';
import { adminSettings } from './db/schema-admin';

export const SETTING_NAMES = ['channel_moderation'] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

export const SETTING_VALUES: Record<SettingName, readonly string[]> = { channel_moderation: ['pre', 'off'] };

export interface SettingValue {
  readonly value: string;
  /** `console`: an admin stored it; `environment`: the variable's value (or its default). */
  readonly source: 'console' | 'environment';
  readonly updatedBy: number | null;
  readonly updatedAt: Date | null;
}

const environmentValue = (name: SettingName, config: Pick<ServerConfig, 'channelModeration'>): string => {
  switch (name) {
    case 'channel_moderation':
      return config.channelModeration;
  }
};

export async function readSetting(
  db: DbOrTx,
  config: Pick<ServerConfig, 'channelModeration'>,
  name: SettingName,
  forUpdate = false,
): Promise<SettingValue> {
  const query = db.select().from(adminSettings).where(eq(adminSettings.name, name));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (row !== undefined && SETTING_VALUES[name].includes(row.value))
    return { value: row.value, source: 'console', updatedBy: row.updatedBy, updatedAt: row.updatedAt };
  return { value: environmentValue(name, config), source: 'environment', updatedBy: null, updatedAt: null };
}

export async function writeSetting(
  db: DbOrTx,
  name: SettingName,
  value: string,
  operatorTelegramId: number,
  now: Date,
): Promise<void> {
  await db
    .insert(adminSettings)
    .values({ name, value, updatedBy: operatorTelegramId, updatedAt: now })
    .onConflictDoUpdate({ target: adminSettings.name, set: { value, updatedBy: operatorTelegramId, updatedAt: now } });
}

/** Whether a channel added now waits for an operator: the console's setting, else CHANNEL_MODERATION. */
export async function channelModerationMode(
  db: DbOrTx,
  config: Pick<ServerConfig, 'channelModeration'>,
): Promise<ChannelModerationMode> {
  return (await readSetting(db, config, 'channel_moderation')).value as ChannelModerationMode;
}
