import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { NO_TAPS, registerTap } from './devTaps';
import { redirectForError } from '../../domain/errors';
import { TOKENS } from '../../di/tokens';
import { useService } from '../app/resolver';

export const DEV_PATH = '/dev';

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

/**
 * Answers that move the user elsewhere, from any screen and any call (spec sections 6 and 8): `banned` replaces the
 * current route with /banned, `verification_required` with /verification, `migration_required` with /migration.
 * Screens only keep showing their loader meanwhile.
 */
export function ErrorRedirect() {
  const apiErrors = useService(TOKENS.ApiErrorEvents);
  const navigate = useNavigate();
  useEffect(
    () =>
      apiErrors.onApiError((error) => {
        const to = redirectForError(error.code);
        if (to !== null && window.location.pathname !== to) void navigate(to, { replace: true });
      }),
    [apiErrors, navigate],
  );
  return null;
}
