import { reaction } from 'mobx';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PaymentFlowStore } from './PaymentFlowStore';

/** Carries out the route changes the payment flow asks for while the calling screen is mounted. */
export function useFlowNavigation(flow: Pick<PaymentFlowStore, 'navigation' | 'consumeNavigation'>): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      reaction(
        () => flow.navigation,
        () => {
          const next = flow.consumeNavigation();
          if (next !== null) void navigate(next.to, { replace: next.replace });
        },
        { fireImmediately: true },
      ),
    [flow, navigate],
  );
}
