import { StartVerification } from '../../../../src/application/use-cases/verification/StartVerification';
import { createWorld } from '../support/world';

describe('StartVerification', () => {
  it('asks to tick the terms first', async () => {
    const world = createWorld();
    const user = world.seed.user();
    const result = await new StartVerification(world.as(user).verification).execute({ termsAccepted: false });
    expect(result).toEqual({ ok: false, error: { kind: 'invalid', code: 'verification_terms_alert' } });
    expect(world.backend.userRecord(user.id).verification).toBe('none');
  });

  it('starts the identity check and answers the widget token', async () => {
    const world = createWorld();
    const user = world.seed.user();
    const result = await new StartVerification(world.as(user).verification).execute({ termsAccepted: true });
    expect(result.ok && result.value.token).toEqual(expect.any(String));
    expect(world.backend.userRecord(user.id).verification).toBe('in_kyc');
  });

  it('reports the server refusal after a rejection', async () => {
    const world = createWorld();
    const user = world.seed.user({ verification: 'rejected' });
    const result = await new StartVerification(world.as(user).verification).execute({ termsAccepted: true });
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'request', code: 'conflict' }) });
  });
});
