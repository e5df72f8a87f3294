/**
 * Faults of the sandbox's Smart Glocal double, switched on through the sandbox control API
 * (POST /sandbox/provider/faults, server/modules/sandbox/controlRoutes.ts) so tests and demos can see what a slow or
 * failing provider does to a payment. They act on the double's API route only (server/modules/payments/sandbox/plugin.ts):
 * the adapter cannot tell a faulty double from a faulty Smart Glocal.
 * - delayMs: every matching API call waits this long before it is handled (it is still handled: a slow provider
 *   that does the work after our call gave up);
 * - failStatus: every matching call answers this HTTP status with an `error` body, without doing anything;
 * - methods: only these API methods (e.g. `session/init/payment`); empty: all;
 * - times: only the next N matching calls; absent: until cleared.
 */
export interface ProviderFaultSettings {
  readonly delayMs?: number;
  readonly failStatus?: number;
  readonly methods?: readonly string[];
  readonly times?: number;
}

export class ProviderFaults {
  private settings: ProviderFaultSettings = {};
  private left = Infinity;

  set(settings: ProviderFaultSettings): ProviderFaultSettings {
    this.settings = settings;
    this.left = settings.times ?? Infinity;
    return this.settings;
  }

  get current(): ProviderFaultSettings {
    return this.settings;
  }

  /** Waits and/or answers the failure for a call of `method`; null: handle it normally. */
  async before(method: string): Promise<{ httpStatus: number; body: object } | null> {
    const { delayMs = 0, failStatus, methods = [] } = this.settings;
    if ((delayMs === 0 && failStatus === undefined) || this.left <= 0) return null;
    if (methods.length > 0 && !methods.includes(method)) return null;
    this.left -= 1;
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (failStatus === undefined) return null;
    return {
      httpStatus: failStatus,
      body: {
        status: 'error',
        error: { code: 'internal_error', description: 'The sandbox provider was told to fail' },
      },
    };
  }
}
