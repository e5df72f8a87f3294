/** @jest-environment jsdom */
import '../support/jsdom';
import { render, screen } from '@testing-library/react';
import UnsupportedScreen from '../../../../src/presentation/screens/Unsupported/UnsupportedScreen';
import { englishI18n } from '../support/render';

beforeAll(async () => {
  await englishI18n();
});

describe('UnsupportedScreen', () => {
  it('asks to open Backers in Telegram, with no link when there is no emulator', () => {
    render(<UnsupportedScreen />);
    expect(screen.getByRole('heading', { name: 'Open Backers in Telegram' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('links to the host emulator on a sandbox server', () => {
    render(<UnsupportedScreen emulatorUrl="/sandbox/" />);
    expect(screen.getByRole('link', { name: 'Open in the sandbox Telegram emulator' }).getAttribute('href')).toBe(
      '/sandbox/',
    );
  });
});
