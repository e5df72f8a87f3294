import { useEffect } from 'react';
import { TOKENS } from '../../di/tokens';
import { RevenueChartView } from '../components/RevenueChart/RevenueChart';
import { firstScreenShown } from '../shell/firstPaint';
import { useViewModel } from './useViewModel';

/**
 * Revenue at a glance: one channel's (channelId) or every channel's (null). Its view model and texts load with the
 * route that shows it (`preloads(TOKENS.RevenueChartViewModel)`), so it renders with the screen and fills in its series.
 */
export function RevenueSection({ channelId }: { channelId: number | null }) {
  const vm = useViewModel(TOKENS.RevenueChartViewModel, channelId);
  useEffect(() => {
    // The frame first, then the series: its request (and the HTTP client's chunk) never delays the first screen's paint.
    let mounted = true;
    void firstScreenShown.then(() => {
      if (mounted) void vm.load();
    });
    return () => {
      mounted = false;
    };
  }, [vm]);
  return <RevenueChartView vm={vm} />;
}
