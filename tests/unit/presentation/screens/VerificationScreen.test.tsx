/** @jest-environment jsdom */
import '../support/jsdom';
import { act, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { Scheduler } from '../../../../src/application/ports/Scheduler';
import type {
  VerificationRepository,
  VerificationSession,
} from '../../../../src/application/ports/VerificationRepository';
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

/** @sumsub/websdk's builder as the screen uses it: what it was launched with, its handlers, its frame. */
const websdk = {
  launches: [] as { token: string; lang: string | undefined }[],
  expirationHandler: null as (() => Promise<string>) | null,
  handlers: {} as Record<string, (payload: unknown) => void>,
};
jest.mock('@sumsub/websdk', () => ({
  __esModule: true,
  default: {
    init(token: string, expirationHandler: () => Promise<string>) {
      let lang: string | undefined;
      websdk.expirationHandler = expirationHandler;
      const builder = {
        withConf(conf: { lang?: string }) {
          lang = conf.lang;
          return builder;
        },
        withOptions() {
          return builder;
        },
        on(event: string, handler: (payload: unknown) => void) {
          websdk.handlers[event] = handler;
          return builder;
        },
        build: () => ({
          launch(element: HTMLElement) {
            websdk.launches.push({ token, lang });
            const frame = document.createElement('iframe');
            frame.src = `https://websdk.invalid/websdk/websdk.html?token=${token}`;
            element.appendChild(frame);
          },
          destroy() {},
        }),
      };
      return builder;
    },
  },
}));

beforeEach(() => {
  websdk.launches = [];
  websdk.expirationHandler = null;
  websdk.handlers = {};
});

class AlertingPlatform extends FakePlatform {
  readonly alerts: string[] = [];
  override async showAlert(message = ''): Promise<void> {
    this.alerts.push(message);
  }
}

/** Waits never end on their own: the screen's reads happen only when the test says so. */
const idleScheduler: Scheduler = {
  delay: (_ms, signal) =>
    new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason))),
};

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
  const factory = () =>
    new VerificationViewModel(
      new PollVerification(backend, idleScheduler),
      new StartVerification(backend),
      platform,
      toasts,
    );
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
    expect(frame.tagName).toBe('IFRAME');
    expect(websdk.launches).toEqual([{ token: 't1', lang: 'en' }]);
    expect(platform.mainButton.visible).toBe(false);
  });

  it('hands the widget a fresh token through its expiration handler, without relaunching it', async () => {
    const { backend } = await renderVerification({ status: 'in_kyc', token: 'old', widgetUrl: '/kyc?token=old' });
    await screen.findByTitle('Identity check');
    expect(websdk.launches).toEqual([{ token: 'old', lang: 'en' }]);
    let fresh: string | undefined;
    await act(async () => {
      fresh = await websdk.expirationHandler!();
    });
    expect(fresh).toBe('t1');
    expect(backend.starts).toBe(1);
    expect(websdk.launches).toHaveLength(1);
  });

  it('re-reads the status when the widget reports the applicant status changed', async () => {
    const { backend } = await renderVerification({ status: 'in_kyc', token: 'old', widgetUrl: '/kyc?token=old' });
    await screen.findByTitle('Identity check');
    backend.state = { status: 'kyc_approved' };
    await act(async () => {
      websdk.handlers['idCheck.onApplicantStatusChanged']!({
        reviewStatus: 'completed',
        reviewResult: { reviewAnswer: 'GREEN' },
      });
    });
    await screen.findByRole('heading', { name: 'Almost done' });
  });

  it('kyc_rejected offers Try again, which starts a new check', async () => {
    const { backend, platform } = await renderVerification({ status: 'kyc_rejected' });
    await screen.findByRole('heading', { name: "Let's try that again" });
    expect(screen.getByRole('button', { name: 'Support' })).toBeTruthy();
    await waitFor(() =>
      expect(platform.mainButton).toEqual(expect.objectContaining({ text: 'Try again', visible: true })),
    );
    await act(async () => platform.pressMainButton());
    await screen.findByTitle('Identity check');
    expect(backend.starts).toBe(1);
  });

  it('a manual review says the documents will be reviewed by hand', async () => {
    await renderVerification({ status: 'in_kyc', manualReview: true });
    await screen.findByRole('heading', { name: 'We will review your application' });
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(websdk.launches).toEqual([]);
  });

  it('approved: the main button leads to /connectbot', async () => {
    const { platform } = await renderVerification({ status: 'approved' });
    await screen.findByRole('heading', { name: 'Verification passed' });
    await waitFor(() =>
      expect(platform.mainButton).toEqual(expect.objectContaining({ text: 'Connect bot', visible: true })),
    );
    await act(async () => platform.pressMainButton());
    await screen.findByText('connect bot page');
  });

  it.each([
    ['rejected', 'Oops, verification rejected', 'Support'],
    ['kyc_approved', 'Almost done', 'Close'],
  ] as const)('%s shows "%s" with %s', async (status, heading, button) => {
    await renderVerification({ status });
    await screen.findByRole('heading', { name: heading });
    expect(screen.getByRole('button', { name: button })).toBeTruthy();
  });
});
