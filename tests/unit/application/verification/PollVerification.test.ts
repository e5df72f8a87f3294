import type { VerificationState } from '../../../../src/domain/entities';
import type { VerificationRepository } from '../../../../src/application/ports/VerificationRepository';
import { RepositoryError } from '../../../../src/application/ports/RepositoryError';
import { PollVerification } from '../../../../src/application/use-cases/verification/PollVerification';
import { createWorld, schedulerWith } from '../support/world';

describe('PollVerification', () => {
  it('answers at once when nothing is pending (none)', async () => {
    const world = createWorld();
    const result = await new PollVerification(world.as(world.seed.user()).verification, world.time).execute();
    expect(result).toEqual({ ok: true, value: { status: 'none' } });
    expect(world.time.delays).toEqual([]);
  });

  it('polls every 5 s through in_kyc and kyc_approved until approved', async () => {
    const world = createWorld();
    const user = world.seed.user({ verification: 'in_kyc' });
    world.seed.verification(user.id, 'in_kyc');
    const scheduler = schedulerWith(world.time, (count) => {
      if (count === 2) world.seed.verification(user.id, 'kyc_approved');
      if (count === 3) world.seed.verification(user.id, 'approved');
    });
    const seen: VerificationState['status'][] = [];
    const result = await new PollVerification(world.as(user).verification, scheduler).execute({
      onStatus: (s) => seen.push(s.status),
    });
    expect(result).toEqual({ ok: true, value: { status: 'approved' } });
    expect(seen).toEqual(['in_kyc', 'in_kyc', 'kyc_approved', 'approved']);
    expect(world.time.delays).toEqual([5000, 5000, 5000]);
  });

  it('retries after 2 s when a read fails', async () => {
    const world = createWorld();
    const user = world.seed.user();
    const ports = world.as(user);
    let failures = 2;
    const flaky: VerificationRepository = {
      start: () => ports.verification.start(),
      status: (options) =>
        failures-- > 0 ? Promise.reject(new RepositoryError('network_error')) : ports.verification.status(options),
    };
    const result = await new PollVerification(flaky, world.time).execute();
    expect(result).toEqual({ ok: true, value: { status: 'none' } });
    expect(world.time.delays).toEqual([2000, 2000]);
  });

  it('stops when aborted', async () => {
    const world = createWorld();
    const user = world.seed.user();
    world.seed.verification(user.id, 'in_kyc');
    const controller = new AbortController();
    const scheduler = schedulerWith(world.time, (count) => {
      if (count === 2) controller.abort();
    });
    const result = await new PollVerification(world.as(user).verification, scheduler).execute({
      signal: controller.signal,
    });
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'request_aborted' }) });
    expect(world.time.delays).toEqual([5000, 5000]);
  });
});
