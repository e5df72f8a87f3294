/** The operator console's e2e helpers (admin.spec.ts, clock-admin-payout.spec.ts). */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import type { SandboxApi } from './sandbox';

/** The demo operator (ADMIN_TELEGRAM_IDS in the sandbox). */
export const OPERATOR = 9001;

/** Signs the demo operator in on `page`: /admin to the bot, then the one-time link it answers. */
export async function signIn(page: Page, sandbox: SandboxApi): Promise<void> {
  await signInAs(page, sandbox, OPERATOR);
}

/**
 * Signs an operator in on `page` the way a person does: /admin to the bot, then the one-time link it answers.
 * Two specs signing the same operator in at once both read the chat's newest link, and one finds it used: like a
 * person shown "This sign-in link does not work", it asks the bot again.
 */
export async function signInAs(page: Page, sandbox: SandboxApi, operator: number): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await sandbox.post('/sandbox/bot-api/updates', {
      message: {
        message_id: 1,
        date: 1,
        chat: { id: operator, type: 'private', first_name: 'Demo' },
        from: { id: operator, is_bot: false, first_name: 'Demo', language_code: 'en' },
        text: '/admin',
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    });
    const { calls } = await sandbox.get<{ calls: { params: { chat_id: number; text: string } }[] }>(
      '/sandbox/bot-api/calls?method=sendMessage',
    );
    const link = /(http\S+\/admin\/signin\?token=\S+)/.exec(
      calls.filter((call) => call.params.chat_id === operator).at(-1)!.params.text,
    )![1]!;
    // The link names PUBLIC_URL; the test server listens on the configured base URL.
    const response = await page.goto(new URL(link).pathname + new URL(link).search);
    if (response?.status() === 401 && attempt < 3) continue;
    break;
  }
  await expect(page).toHaveURL(/\/admin\/$/);
  await expect(page.getByText(`Operator ${operator}`)).toBeVisible();
}
