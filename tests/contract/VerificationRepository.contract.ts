import type { VerificationRepository } from '../../src/application/ports/VerificationRepository';
import { type MakeContractSubject, expectCode, useContractSubject } from './fixture';

export function describeVerificationRepositoryContract(
  name: string,
  make: MakeContractSubject<VerificationRepository>,
): void {
  describe(`${name} (VerificationRepository contract)`, () => {
    const subject = useContractSubject(make);

    it('reports none without a token for a new user', async () => {
      const user = await subject().fixture.asFollower();
      const state = await subject().as(user).status({ firstCall: true });
      expect(state.status).toBe('none');
      expect(state.token).toBeUndefined();
    });

    it('start moves to in_kyc and status then carries the same widget token', async () => {
      const user = await subject().fixture.asFollower();
      const verification = subject().as(user);
      const { token } = await verification.start();
      expect(token).toEqual(expect.any(String));
      expect(token!.length).toBeGreaterThan(0);
      // Adapters may add the widget URL and the bot's username.
      await expect(verification.status()).resolves.toMatchObject({ status: 'in_kyc', token });
    });

    it('start again gives a fresh token (after the widget reported invalid-token)', async () => {
      const user = await subject().fixture.asFollower();
      const verification = subject().as(user);
      const first = await verification.start();
      const second = await verification.start();
      expect(second.token).not.toBe(first.token);
      expect((await verification.status()).token).toBe(second.token);
    });

    it('start again after kyc_rejected (the check may be tried again) gives a fresh token', async () => {
      const { fixture } = subject();
      const user = await fixture.asFollower();
      await fixture.setVerification(user, 'kyc_rejected');
      const { token } = await subject().as(user).start();
      expect(token).toEqual(expect.any(String));
      await expect(subject().as(user).status()).resolves.toMatchObject({ status: 'in_kyc', token });
    });

    it.each(['approved', 'rejected', 'kyc_approved'] as const)('cannot start once %s', async (status) => {
      const { fixture } = subject();
      const user = await fixture.asFollower();
      await fixture.setVerification(user, status);
      await expectCode(subject().as(user).start(), 'conflict');
      expect((await subject().as(user).status()).status).toBe(status);
    });

    it("keeps each user's verification apart", async () => {
      const { fixture } = subject();
      const started = await fixture.asFollower();
      const other = await fixture.asFollower();
      await subject().as(started).start();
      expect((await subject().as(other).status()).status).toBe('none');
    });
  });
}
