/** @jest-environment jsdom */
import '../support/jsdom';
import { act, render, screen } from '@testing-library/react';
import { CrashBoundary } from '../../../../src/presentation/shell/CrashBoundary';
import { englishI18n } from '../support/render';

beforeAll(async () => {
  await englishI18n();
});

function Broken(): never {
  throw new Error('render failed');
}

describe('CrashBoundary', () => {
  it('replaces a crashed tree with "Something went wrong." and a Refresh that reloads', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const onRefresh = jest.fn();
    render(
      <CrashBoundary onRefresh={onRefresh}>
        <Broken />
      </CrashBoundary>,
    );
    expect(screen.getByText('Something went wrong.')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Refresh' }).click());
    expect(onRefresh).toHaveBeenCalledTimes(1);
    errors.mockRestore();
  });

  it('renders its children when nothing crashes', () => {
    render(
      <CrashBoundary>
        <p>fine</p>
      </CrashBoundary>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
  });
});
