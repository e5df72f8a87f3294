/** @jest-environment jsdom */
import '../support/jsdom';
import { act, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { Scheduler } from '../../../../src/application/ports/Scheduler';
import type { VerificationRepository, VerificationSession } from '../../../../src/application/ports/VerificationRepository';
import { PollVerification } from '../../../../src/application/use-cases/verification/PollVerification';
import { StartVerification } from '../../../../src/application/use-cases/verification/StartVerification';
import type { VerificationState } from '../../../../src/domain/entities';
import { TOKENS } from '../../../../src/di/tokens';
import { VerificationViewModel } from '../../../../src/presentation/screens/Verification/VerificationViewModel';
import { ToastStore } from '../../../../src/presentation/toasts/ToastStore';
import { FakePlatform } from '../support/FakePlatform';
import { dateClock, englishI18n, fakeShell, renderInShell, routeScreen } from '../support/render';

beforeAll(async () => {
  await englishI18n();
});

class AlertingPlatform extends FakePlatform {
  readonly alerts: string[] = [];
  override async showAlert(message = ''): Promise<void> {
    this.alerts.push(message);
  }
}

/** Waits never end on their own: the screen's reads happen only when the test says so. */
const idleScheduler: Scheduler = { delay: (_ms, signal) => new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason))) };

class Backend implements VerificationRepository {
  starts = 0;
  reads = 0;
  constructor(public state: VerificationState) {}
  async status(): Promise<VerificationState> {
    this.reads += 1;
    return this.state;
  }
  async start(): Promise<VerificationSession> {
    this.starts += 1;
    const session = { token: `t${this.starts}`, widgetUrl: `/kyc/widget?token=t${this.starts}` };
    this.state = { status: 'in_kyc', ...session };
    return session;
  }
}

async function renderVerification(state: VerificationState) {
  const backend = new Backend(state);
  const platform = new AlertingPlatform();
  const toasts = new ToastStore(platform, dateClock);
  const factory = () => new VerificationViewModel(new PollVerification(backend, idleScheduler), new StartVerification(backend), platform, toasts);
  const shell = fakeShell([[TOKENS.VerificationViewModel, factory]]);
  shell.services.set(TOKENS.MessengerPlatform, platform);
  window.history.replaceState(null, '', '/verification');
  await act(async () => {
    renderInShell(
      <Suspense fallback={<p>loading</p>}>
        <Routes>
          <Route path="/verification" element={routeScreen('/verification')} />
          <Route path="/connectbot" element={<p>connect bot page</p>} />
        </Routes>
      </Suspense>,
      shell,
    );
  });
  return { backend, platform };
}

describe('VerificationScreen', () => {
  it('Get shows the terms; Continue alerts until they are ticked, then embeds the widget with the token', async () => {
    const { backend, platform } = await renderVerification({ status: 'none' });
    await screen.findByRole('heading', { name: 'Start earning with Backers' });
    await waitFor(() => expect(platform.mainButton).toEqual(expect.objectContaining({ text: 'Get', visible: true })));
    await act(async () => platform.pressMainButton());
    const terms = await screen.findByRole('checkbox', { name: 'I accept the Terms of Service' });
    await waitFor(() => expect(platform.mainButton).toEqual(expect.objectContaining({ text: 'Continue' })));

    await act(async () => platform.pressMainButton());
    expect(platform.alerts).toEqual(['Please accept the Terms of Service to continue.']);
    expect(backend.starts).toBe(0);

    act(() => terms.click());
    await act(async () => platform.pressMainButton());
    const frame = await screen.findByTitle('Identity check');
    expect(frame.getAttribute('src')).toBe('/kyc/widget?token=t1');
    expect(platform.mainButton.visible).toBe(false);
  });

  it('asks for a fresh token when the widget reports invalid-token', async () => {
    const { backend } = await renderVerification({ status: 'in_kyc', token: 'old', widgetUrl: '/kyc/widget?token=old' });
    const frame = (await screen.findByTitle('Identity check')) as HTMLIFrameElement;
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { data: { source: 'backers-kyc', event: 'error', code: 'invalid-token' }, source: frame.contentWindow }));
    });
    await waitFor(() => expect(frame.getAttribute('src')).toBe('/kyc/widget?token=t1'));
    expect(backend.starts).toBe(1);
  });

  it('ignores messages that do not come from the widget frame', async () => {
    const { backend } = await renderVerification({ status: 'in_kyc', token: 'old', widgetUrl: '/kyc/widget?token=old' });
    await screen.findByTitle('Identity check');
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { data: { source: 'backers-kyc', event: 'error', code: 'invalid-token' }, source: window }));
    });
    expect(backend.starts).toBe(0);
  });

  it('re-reads the status when the widget reports a decision', async () => {
    const { backend } = await renderVerification({ status: 'in_kyc', token: 'old', widgetUrl: '/kyc/widget?token=old' });
    const frame = (await screen.findByTitle('Identity check')) as HTMLIFrameElement;
    backend.state = { status: 'approved' };
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { data: { source: 'backers-kyc', event: 'decision', status: 'approved' }, source: frame.contentWindow }));
    });
    await screen.findByRole('heading', { name: 'Verification passed' });
  });

  it('approved: the main button leads to /connectbot', async () => {
    const { platform } = await renderVerification({ status: 'approved' });
    await screen.findByRole('heading', { name: 'Verification passed' });
    await waitFor(() => expect(platform.mainButton).toEqual(expect.objectContaining({ text: 'Connect bot', visible: true })));
    await act(async () => platform.pressMainButton());
    await screen.findByText('connect bot page');
  });

  it.each([
    ['rejected', 'Oops, verification rejected', 'Support'],
    ['kyc_rejected', 'Oops, verification rejected', 'Support'],
    ['kyc_approved', 'Almost done', 'Close'],
  ] as const)('%s shows "%s" with %s', async (status, heading, button) => {
    await renderVerification({ status });
    await screen.findByRole('heading', { name: heading });
    expect(screen.getByRole('button', { name: button })).toBeTruthy();
  });
});
