/**
 * "Smart Glocal" for a server started with SANDBOX=0: another test server in sandbox mode whose Smart Glocal double
 * (/provider) is reached only through the SMART_GLOCAL_* settings (its URL, project and keys as PEM text), as Smart
 * Glocal's demo server would be. Its webhooks go to a closed port, so the production server must do without them
 * (the answers to its own calls and the payer's checks settle payments).
 */
import { SANDBOX_PROJECT } from '../../../server/modules/payments/engine';
import { sandboxKeyPairs } from '../../../server/modules/payments/smartglocal/keys';
import type { SmartGlocalConfig } from '../../../server/platform/config';
import { type TestServer, startTestServer } from './testServer';

export async function startSmartGlocalDouble(): Promise<{ server: TestServer; smartGlocal: SmartGlocalConfig }> {
  const server = await startTestServer({ config: { providerWebhookUrl: 'http://127.0.0.1:9/webhook' } });
  // The keys the sandbox makes once per process: the double verifies ours and signs with its own.
  const keys = sandboxKeyPairs();
  return {
    server,
    smartGlocal: {
      url: `${server.baseUrl}/provider`,
      tokenizeUrl: `${server.baseUrl}/provider/cds/v1/tokenize/card`,
      paymentPageUrl: `${server.baseUrl}/provider/pay/en/payment`,
      project: SANDBOX_PROJECT,
      privateKey: keys.partner.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKey: keys.provider.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    },
  };
}
