import { useLocation, useNavigate } from 'react-router-dom';
import type { PayoutSetupStore } from './PayoutSetupStore';

/** State the setup screen passes when it opens a picker, so the picker returns to it. */
export const FROM_SETUP = { fromSetup: true } as const;

/**
 * After a choice in a picker: back to the setup screen when it opened the picker; otherwise on to the setup screen,
 * which then goes back two screens after saving (past this picker).
 */
export function usePickerDone(store: PayoutSetupStore): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const fromSetup = (location.state as { fromSetup?: boolean } | null)?.fromSetup === true;
  return () => {
    if (fromSetup) {
      void navigate(-1);
      return;
    }
    store.markCameThroughPicker();
    void navigate('/payout/setup');
  };
}
