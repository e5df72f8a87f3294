import type { CardRepository } from '../../../../src/application/ports/CardRepository';
import { RepositoryError } from '../../../../src/application/ports/RepositoryError';
import { RemoveCard } from '../../../../src/application/use-cases/cards/RemoveCard';
import { SetPrimaryCard } from '../../../../src/application/use-cases/cards/SetPrimaryCard';
import { CardViewModel } from '../../../../src/presentation/screens/Card/CardViewModel';
import { CardsViewModel } from '../../../../src/presentation/screens/Cards/CardsViewModel';
import { ToastStore } from '../../../../src/presentation/toasts/ToastStore';
import { createWorld } from '../../application/support/world';
import { FakePlatform } from '../support/FakePlatform';
import { FakeDialogs } from '../support/fakePorts';

function setup() {
  const world = createWorld();
  const follower = world.seed.user();
  const primary = world.seed.card(follower.id, { last4: '1111', primary: true });
  const other = world.seed.card(follower.id, { last4: '2222', primary: false });
  const inactive = world.seed.card(follower.id, { last4: '3333', primary: false, active: false });
  const cards = world.as(follower).cards;
  const toasts = new ToastStore(new FakePlatform(), world.time);
  const dialogs = new FakeDialogs();
  const card = (repository: CardRepository, cardId: number) =>
    new CardViewModel(repository, new SetPrimaryCard(repository), new RemoveCard(repository), toasts, dialogs, cardId);
  return { world, follower, primary, other, inactive, cards, toasts, dialogs, card };
}

/** A repository whose writes wait for the test, to look at the optimistic state in between. */
function heldWrites(cards: CardRepository, fail: boolean) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const repository: CardRepository = {
    list: () => cards.list(),
    get: (id) => cards.get(id),
    setPrimary: async (id) => {
      await held;
      if (fail) throw new RepositoryError('conflict', 'conflict');
      return cards.setPrimary(id);
    },
    delete: async (id) => {
      await held;
      if (fail) throw new RepositoryError('not_found', 'Card not found');
      return cards.delete(id);
    },
  };
  return { repository, release: () => release() };
}

describe('CardsViewModel', () => {
  it('lists the cards primary first, with an empty state when there are none', async () => {
    const { cards, other, primary, inactive, world } = setup();
    const vm = new CardsViewModel(cards);
    await vm.load();
    expect(vm.cards.map((card) => card.id)).toEqual([primary.id, other.id, inactive.id]);
    expect(vm.isEmpty).toBe(false);
    const empty = new CardsViewModel(world.as(world.seed.user()).cards);
    await empty.load();
    expect(empty.isEmpty).toBe(true);
  });

  it('resumed by Back after a card was removed, shows the list at once and then without that card', async () => {
    const { cards, other, primary, inactive } = setup();
    const vm = new CardsViewModel(cards);
    await vm.load();
    await cards.delete(other.id);
    vm.resume();
    expect(vm.state.status).toBe('ready');
    expect(vm.cards.map((card) => card.id)).toEqual([primary.id, other.id, inactive.id]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(vm.cards.map((card) => card.id)).toEqual([primary.id, inactive.id]);
    expect(vm.state.status).toBe('ready');
  });
});

describe('CardViewModel', () => {
  it('hides set primary on the primary card and on an inactive one', async () => {
    const { cards, primary, inactive, card } = setup();
    const vm = card(cards, primary.id);
    await vm.load();
    expect(vm.canSetPrimary).toBe(false);
    const inactiveVm = card(cards, inactive.id);
    await inactiveVm.load();
    expect(inactiveVm.canSetPrimary).toBe(false);
  });

  it('makes a card primary at once, and the server clears primary on the others', async () => {
    const { cards, other, primary, card, toasts } = setup();
    const { repository, release } = heldWrites(cards, false);
    const vm = card(repository, other.id);
    await vm.load();
    expect(vm.canSetPrimary).toBe(true);
    const setting = vm.setPrimary();
    expect(vm.card?.primary).toBe(true);
    expect(vm.canSetPrimary).toBe(false);
    release();
    await setting;
    expect(toasts.current).toMatchObject({ kind: 'success', message: { key: 'cards.primarySet' } });
    expect((await cards.get(primary.id)).primary).toBe(false);
    expect((await cards.get(other.id)).primary).toBe(true);
  });

  it('rolls the primary mark back when the server refuses', async () => {
    const { cards, other, card, toasts } = setup();
    const { repository, release } = heldWrites(cards, true);
    const vm = card(repository, other.id);
    await vm.load();
    const setting = vm.setPrimary();
    expect(vm.card?.primary).toBe(true);
    release();
    await setting;
    expect(vm.card?.primary).toBe(false);
    expect(toasts.current).toMatchObject({ kind: 'fail', message: { key: 'cards.primaryFailed' } });
  });

  it('removes with a loading toast, then the removed toast', async () => {
    const { cards, other, card, toasts } = setup();
    const { repository, release } = heldWrites(cards, false);
    const vm = card(repository, other.id);
    await vm.load();
    const removing = vm.remove();
    expect(vm.removing).toBe(true);
    expect(toasts.current).toMatchObject({ kind: 'loading', message: { key: 'cards.removing' } });
    release();
    await removing;
    expect(vm.removed).toBe(true);
    expect(toasts.current).toMatchObject({ kind: 'success', message: { key: 'cards.removed' } });
    expect((await cards.list()).map((saved) => saved.id)).not.toContain(other.id);
  });

  it('says when removal failed and keeps the card', async () => {
    const { cards, other, card, toasts } = setup();
    const { repository, release } = heldWrites(cards, true);
    const vm = card(repository, other.id);
    await vm.load();
    const removing = vm.remove();
    release();
    await removing;
    expect(vm.removed).toBe(false);
    expect(vm.removing).toBe(false);
    expect(toasts.current).toMatchObject({ kind: 'fail', message: { key: 'cards.removeFailed' } });
  });

  const texts = { title: 'Remove card?', message: 'It will no longer be charged.', confirm: 'Remove' };

  it('removes only after the host popup is answered with remove', async () => {
    const { cards, other, card, dialogs } = setup();
    const vm = card(cards, other.id);
    await vm.load();
    dialogs.popupAnswer = 'keep';
    await vm.confirmRemove(texts);
    expect(dialogs.popups).toEqual([
      {
        title: 'Remove card?',
        message: 'It will no longer be charged.',
        buttons: [
          { id: 'remove', type: 'destructive', text: 'Remove' },
          { id: 'keep', type: 'cancel' },
        ],
      },
    ]);
    expect(vm.removed).toBe(false);
    expect((await cards.list()).map((saved) => saved.id)).toContain(other.id);

    dialogs.popupAnswer = 'remove';
    await vm.confirmRemove(texts);
    expect(vm.removed).toBe(true);
    expect((await cards.list()).map((saved) => saved.id)).not.toContain(other.id);
  });

  it('does not ask while the card is not loaded', async () => {
    const { cards, card, dialogs } = setup();
    const vm = card(cards, 999);
    await vm.confirmRemove(texts);
    expect(dialogs.popups).toEqual([]);
  });
});
