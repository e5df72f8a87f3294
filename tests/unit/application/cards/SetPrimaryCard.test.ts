import { SetPrimaryCard } from '../../../../src/application/use-cases/cards/SetPrimaryCard';
import { RemoveCard } from '../../../../src/application/use-cases/cards/RemoveCard';
import { createWorld } from '../support/world';

function setup() {
  const world = createWorld();
  const user = world.seed.user();
  const cards = [world.seed.card(user.id), world.seed.card(user.id), world.seed.card(user.id)];
  return { world, user, cards, ports: world.as(user) };
}

describe('SetPrimaryCard', () => {
  it('makes the card primary and clears primary on every other card', async () => {
    const { world, cards, ports } = setup();
    expect(await new SetPrimaryCard(ports.cards).execute({ cardId: cards[2].id })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(cards.map((c) => world.backend.cards.get(c.id)?.primary)).toEqual([false, false, true]);
  });

  it("reports not_found for another user's card and changes nothing", async () => {
    const { world, cards } = setup();
    const stranger = world.as(world.seed.user());
    const result = await new SetPrimaryCard(stranger.cards).execute({ cardId: cards[1].id });
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'request', code: 'not_found' }) });
    expect(cards.map((c) => world.backend.cards.get(c.id)?.primary)).toEqual([true, false, false]);
  });
});

describe('RemoveCard', () => {
  it('removes the card', async () => {
    const { world, cards, ports } = setup();
    expect((await new RemoveCard(ports.cards).execute({ cardId: cards[0].id })).ok).toBe(true);
    expect(world.backend.cards.has(cards[0].id)).toBe(false);
    expect((await ports.cards.list()).map((c) => c.id)).toEqual([cards[1].id, cards[2].id]);
  });

  it('reports a card that is already gone', async () => {
    const { cards, ports } = setup();
    await new RemoveCard(ports.cards).execute({ cardId: cards[0].id });
    expect(await new RemoveCard(ports.cards).execute({ cardId: cards[0].id })).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'not_found' }),
    });
  });
});
