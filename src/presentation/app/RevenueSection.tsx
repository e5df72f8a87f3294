import { Suspense, lazy } from 'react';
import { loadTexts } from './texts';

// The chart, its view model and its texts load after the screen: none of it is in the first screen's chunks.
const RevenueChart = lazy(() => Promise.all([import('./RevenueChartEntry'), loadTexts(['revenue'])]).then(([module]) => module));

/** Revenue at a glance: one channel's (channelId) or every channel's (null). */
export function RevenueSection({ channelId }: { channelId: number | null }) {
  return (
    <Suspense fallback={null}>
      <RevenueChart channelId={channelId} />
    </Suspense>
  );
}
