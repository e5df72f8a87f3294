/**
 * What the composition root (main.tsx) does that the first screen never waits for, in a chunk of its own: the
 * server's link settings, read after the first screen, and the page shown outside the messenger.
 */
import type { ComponentType } from 'react';
import { fetchLinkSettings } from './infrastructure/http/linkSettings';
import { findSandboxEmulator } from './infrastructure/http/sandboxEmulator';
import UnsupportedScreen from './presentation/screens/Unsupported/UnsupportedScreen';
import { applyLinkSettings } from './presentation/shared/externalLinks';

/** The support, news, FAQ, help and terms addresses the server is configured with (the defaults stay without them). */
export async function applyServerLinks(apiBaseUrl: string): Promise<void> {
  const links = await fetchLinkSettings(apiBaseUrl);
  if (links) applyLinkSettings(links);
}

/** Outside the messenger: the unsupported-environment screen, its texts, and (on a sandbox server) the host emulator's address. */
export async function outsideMessenger(
  apiBaseUrl: string,
  loadNamespaces: (namespaces: readonly string[]) => Promise<void>,
): Promise<[ComponentType<{ emulatorUrl?: string | null }>, string | null]> {
  const [emulatorUrl] = await Promise.all([findSandboxEmulator(apiBaseUrl), loadNamespaces(['unavailable'])]);
  return [UnsupportedScreen, emulatorUrl];
}
