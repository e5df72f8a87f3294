import type {
  Gift,
  GiftAccepted,
  GiftPurchase,
  GiftRepository,
} from '../../../../src/application/ports/GiftRepository';
import { RepositoryError } from '../../../../src/application/ports/RepositoryError';
import { money } from '../../../../src/domain/money';
import { GiftSentViewModel } from '../../../../src/presentation/screens/Gift/GiftSentViewModel';
import { GiftViewModel } from '../../../../src/presentation/screens/Gift/GiftViewModel';
import { FakePlatform } from '../support/FakePlatform';
import { toastStore } from './support/subscriptionFakes';

const CODE = 'AbCdEfGhIjKlMnOpQrStUv';
const gift = (extra: Partial<Gift> = {}): Gift => ({
  code: CODE,
  state: 'open',
  subscriptionId: 7,
  subscriptionName: 'Monthly Insider',
  channelId: 3,
  channelName: 'Gift Club',
  giverName: 'Gina',
  period: 'monthly',
  price: money(1000, 'eur'),
  expiresAt: 2_000_000,
  mine: false,
  redeemedByMe: false,
  ...extra,
});

class SharingPlatform extends FakePlatform {
  readonly telegramLinks: string[] = [];
  override openTelegramLink(url?: string): void {
    if (url !== undefined) this.telegramLinks.push(url);
  }
}

/** A repository answering from scripted values (a rejection is thrown). */
class ScriptedGifts implements GiftRepository {
  constructor(
    private readonly answers: {
      gift?: Gift | Error;
      accept?: GiftAccepted | Error;
      purchases?: GiftPurchase[];
    },
  ) {}
  accepted = 0;
  async purchase(): Promise<GiftPurchase> {
    const next = this.answers.purchases?.shift();
    if (next === undefined) throw new Error('no more purchases scripted');
    return next;
  }
  async gift(): Promise<Gift> {
    const answer = this.answers.gift;
    if (answer === undefined || answer instanceof Error) throw answer ?? new Error('no gift scripted');
    return answer;
  }
  async accept(): Promise<GiftAccepted> {
    this.accepted += 1;
    const answer = this.answers.accept;
    if (answer === undefined || answer instanceof Error) throw answer ?? new Error('no accept scripted');
    return answer;
  }
}

describe('GiftViewModel', () => {
  it('accepts a gift once and opens the channel by its link inside the messenger', async () => {
    const platform = new SharingPlatform();
    const accepted: GiftAccepted = {
      gift: gift({ state: 'redeemed', redeemedByMe: true }),
      subscriptionMemberId: 11,
      expiresAt: 3_000_000,
      inviteLink: 'https://t.me/+personal',
    };
    const gifts = new ScriptedGifts({ gift: gift(), accept: accepted });
    const vm = new GiftViewModel(gifts, platform, toastStore(platform), CODE);
    await vm.load();
    expect(vm.state.status).toBe('ready');
    expect(vm.refusal).toBeNull();
    await vm.accept();
    expect(vm.accepted).toEqual(accepted);
    await vm.accept();
    expect(gifts.accepted).toBe(1);
    vm.openChannel();
    expect(platform.telegramLinks).toEqual(['https://t.me/+personal']);
    expect(platform.haptics).toContain('notification:success');
  });

  it('shows why a gift cannot be accepted: from the gift, from a refused accept, or an unknown code', async () => {
    const platform = new SharingPlatform();
    const own = new GiftViewModel(
      new ScriptedGifts({ gift: gift({ mine: true, refusal: 'own' }) }),
      platform,
      toastStore(platform),
      CODE,
    );
    await own.load();
    expect(own.refusal).toBe('own');

    const raced = new ScriptedGifts({
      gift: gift(),
      accept: new RepositoryError('gift_invalid', 'taken', { reason: 'redeemed' }),
    });
    const late = new GiftViewModel(raced, platform, toastStore(platform), CODE);
    await late.load();
    await late.accept();
    expect(late.refusal).toBe('redeemed');
    expect(late.accepted).toBeNull();

    const unknown = new GiftViewModel(
      new ScriptedGifts({ gift: new RepositoryError('gift_invalid', 'no such gift', { reason: 'unknown' }) }),
      platform,
      toastStore(platform),
      CODE,
    );
    await unknown.load();
    expect(unknown.missing).toBe('unknown');
    expect(unknown.state.status).toBe('ready');

    // The recipient's own accepted gift has nothing to refuse, until its payment is refunded.
    const kept = new GiftViewModel(
      new ScriptedGifts({ gift: gift({ state: 'redeemed', redeemedByMe: true }) }),
      platform,
      toastStore(platform),
      CODE,
    );
    await kept.load();
    expect(kept.refusal).toBeNull();
    const refunded = new GiftViewModel(
      new ScriptedGifts({ gift: gift({ state: 'refunded', redeemedByMe: true, refusal: 'refunded' }) }),
      platform,
      toastStore(platform),
      CODE,
    );
    await refunded.load();
    expect(refunded.refusal).toBe('refunded');
  });
});

describe('GiftSentViewModel', () => {
  const scheduler = { delay: async () => undefined };

  it('follows the payment until paid, then shares the link through t.me/share/url with its text', async () => {
    const platform = new SharingPlatform();
    const link = `https://t.me/bot/app?startapp=gift_${CODE}`;
    const gifts = new ScriptedGifts({
      purchases: [
        { paymentId: 'pay_1', status: 'action_required', gift: null },
        { paymentId: 'pay_1', status: 'paid', gift: gift({ mine: true, refusal: 'own', link }) },
      ],
    });
    const vm = new GiftSentViewModel(gifts, platform, toastStore(platform), scheduler, 'pay_1');
    await vm.load();
    expect(vm.view.kind).toBe('ready');
    vm.share('A gift for you');
    expect(platform.telegramLinks).toEqual([
      `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent('A gift for you')}`,
    ]);
  });

  it('says why a declined payment failed, and offers the gift page again', async () => {
    const platform = new SharingPlatform();
    const gifts = new ScriptedGifts({
      purchases: [
        { paymentId: 'pay_2', status: 'error', error: { code: 'insufficient_funds', message: '' }, gift: null },
      ],
    });
    const vm = new GiftSentViewModel(gifts, platform, toastStore(platform), scheduler, 'pay_2');
    await vm.load();
    expect(vm.view).toMatchObject({ kind: 'failed', code: 'insufficient_funds' });
  });
});
