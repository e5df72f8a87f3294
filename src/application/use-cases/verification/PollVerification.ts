import type { VerificationState } from '../../../domain/entities';
import { type Result, err, ok } from '../../../domain/result';
import { VERIFICATION_POLL_MS, VERIFICATION_RETRY_MS } from '../../../domain/timings';
import { shouldPollVerification } from '../../../domain/verification';
import type { Scheduler } from '../../ports/Scheduler';
import type { VerificationRepository } from '../../ports/VerificationRepository';
import { type RequestFailure, request, requestFailure } from '../shared/failures';

export interface PollVerificationInput {
  /** Stops the polling (screen left); the result is then request_aborted. */
  readonly signal?: AbortSignal;
  /** Every status read, so the screen can follow in_kyc and kyc_approved. */
  readonly onStatus?: (state: VerificationState) => void;
}

/**
 * Reads the verification status every 5 s while a decision can still come (in_kyc, kyc_approved), retrying after
 * 2 s when a read fails, and answers the first status that needs no more polling (none, approved, rejected, ...).
 */
export class PollVerification {
  constructor(
    private readonly verification: VerificationRepository,
    private readonly scheduler: Scheduler,
  ) {}

  async execute(input: PollVerificationInput = {}): Promise<Result<VerificationState, RequestFailure>> {
    let firstCall = true;
    for (;;) {
      if (input.signal?.aborted) return err(requestFailure('request_aborted'));
      const state = await request(() => this.verification.status({ firstCall }));
      let wait = VERIFICATION_RETRY_MS;
      if (state.ok) {
        firstCall = false;
        input.onStatus?.(state.value);
        if (!shouldPollVerification(state.value.status)) return ok(state.value);
        wait = VERIFICATION_POLL_MS;
      }
      try {
        await this.scheduler.delay(wait, input.signal);
      } catch (error) {
        if (input.signal?.aborted) return err(requestFailure('request_aborted'));
        throw error;
      }
    }
  }
}
