import { useEffect } from 'react';
import { TOKENS } from '../../di/tokens';
import { RevenueChartView } from '../components/RevenueChart/RevenueChart';
import { useViewModel } from './useViewModel';

/** The lazily loaded entry of revenue at a glance: makes the view model for one channel (or every channel), loads the series. */
export default function RevenueChartEntry({ channelId }: { channelId: number | null }) {
  const vm = useViewModel(TOKENS.RevenueChartViewModel, channelId);
  useEffect(() => {
    void vm.load();
  }, [vm]);
  return <RevenueChartView vm={vm} />;
}
