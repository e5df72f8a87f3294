import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MessengerPlatform } from '../../application/ports/MessengerPlatform';
import { TOKENS } from '../../di/tokens';
import { useService } from '../app/resolver';
import { useCanGoBack } from '../navigation/history';

/** 'auto': shown after an in-app navigation, goes back; 'hidden': never; `{ onBack }`: always shown, runs onBack. */
export type BackPolicy = 'auto' | 'hidden' | { readonly onBack: () => void };

export interface MainButtonConfig {
  /** Already translated. */
  readonly text: string;
  readonly onClick: () => void;
  readonly enabled?: boolean;
  /** Shows the host's progress indicator on the button. */
  readonly loading?: boolean;
}

/** Drives the host back button for the mounted screen. */
export function useHostBackButton(policy: BackPolicy): void {
  const platform = useService(TOKENS.MessengerPlatform);
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  const policyRef = useRef(policy);
  policyRef.current = policy;
  const visible = policy === 'hidden' ? false : policy === 'auto' ? canGoBack : true;
  useEffect(() => {
    platform.showBackButton(visible);
    if (!visible) return undefined;
    return platform.onBackButtonClick(() => {
      const current = policyRef.current;
      if (typeof current === 'object') current.onBack();
      else void navigate(-1);
    });
  }, [platform, visible, navigate]);
}

/** The screen that last configured the main button; an unmounting screen hides it only if no other claimed it. */
let mainButtonOwner: symbol | null = null;

function releaseMainButton(platform: MessengerPlatform, owner: symbol): void {
  // Deferred: the next screen's effects run in the same commit and claim the button without a hide/show flicker.
  queueMicrotask(() => {
    if (mainButtonOwner !== owner) return;
    mainButtonOwner = null;
    platform.setMainButton({ visible: false });
  });
}

/** Shows the host main button with `config` while mounted, hidden when `config` is undefined. */
export function useHostMainButton(config: MainButtonConfig | undefined): void {
  const platform = useService(TOKENS.MessengerPlatform);
  const owner = useRef(Symbol('screen')).current;
  const latest = useRef(config);
  latest.current = config;
  const shown = config !== undefined;
  const { text = '', enabled = true, loading = false } = config ?? {};

  useEffect(() => {
    mainButtonOwner = owner;
    platform.setMainButton(shown ? { text, visible: true, enabled, loading } : { visible: false });
  }, [platform, owner, shown, text, enabled, loading]);

  useEffect(() => {
    if (!shown) return undefined;
    return platform.onMainButtonClick(() => {
      const current = latest.current;
      // The host may deliver a tap on a disabled or busy button; ignore it.
      if (current && current.enabled !== false && !current.loading) current.onClick();
    });
  }, [platform, shown]);

  useEffect(() => () => releaseMainButton(platform, owner), [platform, owner]);
}
