import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { NO_TAPS, registerTap } from './devTaps';
import { TOKENS } from '../../di/tokens';
import { useService } from '../app/resolver';

export const DEV_PATH = '/dev';
export const BANNED_PATH = '/banned';

/** Ten quick taps anywhere (each within 300 ms of the previous) open /dev. */
export function DevTapListener() {
  const clock = useService(TOKENS.Clock);
  const navigate = useNavigate();
  const sequence = useRef(NO_TAPS);
  useEffect(() => {
    const onTap = (): void => {
      const result = registerTap(sequence.current, clock.now());
      sequence.current = result.sequence;
      if (result.open) void navigate(DEV_PATH);
    };
    document.addEventListener('pointerdown', onTap, { passive: true, capture: true });
    return () => document.removeEventListener('pointerdown', onTap, { capture: true });
  }, [clock, navigate]);
  return null;
}

/** A `banned` answer to any call replaces the current route with /banned (spec section 8). */
export function BannedRedirect() {
  const apiErrors = useService(TOKENS.ApiErrorEvents);
  const navigate = useNavigate();
  useEffect(
    () =>
      apiErrors.onApiError((error) => {
        if (error.code === 'banned' && window.location.pathname !== BANNED_PATH) void navigate(BANNED_PATH, { replace: true });
      }),
    [apiErrors, navigate],
  );
  return null;
}
