import type { CardRepository } from '../../src/application/ports/CardRepository';
import { type MakeContractSubject, expectCode, useContractSubject } from './fixture';

export function describeCardRepositoryContract(name: string, make: MakeContractSubject<CardRepository>): void {
  describe(`${name} (CardRepository contract)`, () => {
    const subject = useContractSubject(make);

    it('lists the primary card first', async () => {
      const { fixture } = subject();
      const user = await fixture.asFollower();
      const first = await fixture.seedCard(user);
      const second = await fixture.seedCard(user);
      const third = await fixture.seedCard(user, { primary: true });
      expect((await subject().as(user).list()).map((c) => c.id)).toEqual([third.id, first.id, second.id]);
    });

    it("lists only the user's cards, the first one primary", async () => {
      const { fixture } = subject();
      const user = await fixture.asFollower();
      const first = await fixture.seedCard(user, { brand: 'visa', last4: '4242' });
      const second = await fixture.seedCard(user, { brand: 'mastercard', last4: '4444' });
      await fixture.seedCard(await fixture.asFollower());
      const cards = await subject().as(user).list();
      expect(cards).toEqual([
        { id: first.id, cardBrand: 'visa', cardLast: '4242', active: true, primary: true },
        { id: second.id, cardBrand: 'mastercard', cardLast: '4444', active: true, primary: false },
      ]);
    });

    it("gets an own card and hides others' cards", async () => {
      const { fixture } = subject();
      const user = await fixture.asFollower();
      const card = await fixture.seedCard(user);
      expect(await subject().as(user).get(card.id)).toEqual(card);
      await expectCode(
        subject()
          .as(await fixture.asFollower())
          .get(card.id),
        'not_found',
      );
    });

    it('setting a primary card clears primary on every other card', async () => {
      const { fixture } = subject();
      const user = await fixture.asFollower();
      const first = await fixture.seedCard(user);
      const second = await fixture.seedCard(user);
      const third = await fixture.seedCard(user);
      const cards = subject().as(user);
      await cards.setPrimary(third.id);
      const primary = (await cards.list()).filter((c) => c.primary).map((c) => c.id);
      expect(primary).toEqual([third.id]);
      expect((await cards.get(first.id)).primary).toBe(false);
      expect((await cards.get(second.id)).primary).toBe(false);
    });

    it('refuses an inactive card as primary', async () => {
      const { fixture } = subject();
      const user = await fixture.asFollower();
      const primary = await fixture.seedCard(user);
      const inactive = await fixture.seedCard(user, { active: false });
      await expectCode(subject().as(user).setPrimary(inactive.id), 'validation_error');
      expect((await subject().as(user).get(primary.id)).primary).toBe(true);
    });

    it('makes the oldest remaining active card primary when the primary card is deleted', async () => {
      const { fixture } = subject();
      const user = await fixture.asFollower();
      const primary = await fixture.seedCard(user);
      await fixture.seedCard(user, { active: false });
      const next = await fixture.seedCard(user);
      await subject().as(user).delete(primary.id);
      expect((await subject().as(user).list()).filter((c) => c.primary).map((c) => c.id)).toEqual([next.id]);
    });

    it('deletes a card', async () => {
      const { fixture } = subject();
      const user = await fixture.asFollower();
      const kept = await fixture.seedCard(user);
      const removed = await fixture.seedCard(user);
      const cards = subject().as(user);
      await cards.delete(removed.id);
      expect((await cards.list()).map((c) => c.id)).toEqual([kept.id]);
      await expectCode(cards.get(removed.id), 'not_found');
      await expectCode(cards.delete(removed.id), 'not_found');
    });
  });
}
