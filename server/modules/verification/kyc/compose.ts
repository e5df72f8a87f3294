/**
 * Which identity check this server runs (README "Configuration"):
 * - SUMSUB_* set: the Sumsub adapter against SUMSUB_URL (https://api.sumsub.com);
 * - the sandbox without them: the same adapter against the sandbox's Sumsub double, served by this server at its
 *   own origin (/resources/*, /websdk/*) and reached over HTTP, with secrets made for this process;
 * - neither (SANDBOX=0 without SUMSUB_*): no provider; verification is a manual review an operator decides.
 */
import { randomBytes } from 'node:crypto';
import type { ServerClock } from '../../../platform/clock';
import type { ServerConfig } from '../../../platform/config';
import { SumsubDouble } from '../sandbox/SumsubDouble';
import { type HttpFetch, SumsubKycProvider } from '../sumsub/SumsubKycProvider';
import type { KycProvider } from './KycProvider';

export const SANDBOX_SUMSUB_APP_TOKEN = 'sbx:backers-sandbox';
export const SANDBOX_SUMSUB_LEVEL = 'basic-kyc-level';

export interface KycComposition {
  readonly provider: KycProvider | null;
  /** The sandbox's Sumsub double, when the sandbox runs it. */
  readonly double: SumsubDouble | null;
}

export function composeKyc(
  config: Pick<ServerConfig, 'sandbox' | 'sumsub'>,
  clock: ServerClock,
  self: { readonly origin: () => string; readonly fetch: HttpFetch },
): KycComposition {
  const now = (): number => clock.now();
  if (config.sumsub !== undefined) {
    const settings = config.sumsub;
    return { provider: new SumsubKycProvider({ ...settings, baseUrl: () => settings.url, now }), double: null };
  }
  if (!config.sandbox) return { provider: null, double: null };
  const secrets = {
    appToken: SANDBOX_SUMSUB_APP_TOKEN,
    secretKey: randomBytes(24).toString('base64url'),
    webhookSecret: randomBytes(24).toString('base64url'),
    levelName: SANDBOX_SUMSUB_LEVEL,
  };
  const double = new SumsubDouble({ ...secrets, now });
  return { provider: new SumsubKycProvider({ ...secrets, baseUrl: self.origin, now, fetch: self.fetch }), double };
}
