import { NO_TAPS, registerTap, type TapSequence } from '../../../../src/presentation/navigation/devTaps';

describe('ten quick taps', () => {
  const tapAt = (times: number[]) => {
    let sequence: TapSequence = NO_TAPS;
    let opened = 0;
    for (const time of times) {
      const next = registerTap(sequence, time);
      sequence = next.sequence;
      if (next.open) opened += 1;
    }
    return { opened, sequence };
  };

  it('opens on the tenth tap when each follows within 300 ms', () => {
    expect(tapAt(Array.from({ length: 10 }, (_, i) => i * 300)).opened).toBe(1);
    expect(tapAt(Array.from({ length: 9 }, (_, i) => i * 300)).opened).toBe(0);
  });

  it('starts over after a pause longer than 300 ms', () => {
    const slowFifth = [0, 100, 200, 300, 701, 800, 900, 1000, 1100, 1200];
    const result = tapAt(slowFifth);
    expect(result.opened).toBe(0);
    expect(result.sequence.count).toBe(6);
  });
});
