import type { TransactionRepository } from '../../src/application/ports/TransactionRepository';
import { money } from '../../src/domain/money';
import { type MakeContractSubject, expectCode, useContractSubject } from './fixture';

export function describeTransactionRepositoryContract(
  name: string,
  make: MakeContractSubject<TransactionRepository>,
): void {
  describe(`${name} (TransactionRepository contract)`, () => {
    const subject = useContractSubject(make);

    it('answers an own transaction with amounts in minor units', async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator);
      const seeded = await fixture.seedTransaction(creator, {
        type: 'get_donation',
        amount: money(1234, 'eur'),
        channelId: channel.id,
      });
      const transaction = await subject().as(creator).get(seeded.id);
      expect(transaction).toMatchObject({
        id: seeded.id,
        type: 'get_donation',
        amount: money(1234, 'eur'),
        total: money(1234, 'eur'),
      });
      expect(transaction.channel?.id).toBe(channel.id);
    });

    it("hides other users' transactions and unknown ids", async () => {
      const { fixture } = subject();
      const owner = await fixture.asFollower();
      const seeded = await fixture.seedTransaction(owner, { type: 'buy_subscription' });
      await expectCode(
        subject()
          .as(await fixture.asFollower())
          .get(seeded.id),
        'not_found',
      );
      await expectCode(subject().as(owner).get(987_654_321), 'not_found');
    });
  });
}
