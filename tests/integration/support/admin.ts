/**
 * The operator console from a test: sign in as an operator the way a person does (the bot's /admin link, then the
 * link's redirect that sets the session cookie) and call /admin/api with that cookie.
 */
import { randomUUID } from 'node:crypto';
import { type ApiAnswer, type TestServer, botApiCalls } from './testServer';

export interface ConsoleOperator {
  readonly telegramId: number;
  readonly firstName: string;
}

export const sendBotCommand = (server: TestServer, user: ConsoleOperator, text: string, languageCode = 'en') =>
  server.request('POST', '/sandbox/bot-api/updates', {
    message: {
      message_id: 1,
      date: 1,
      chat: { id: user.telegramId, type: 'private', first_name: user.firstName },
      from: { id: user.telegramId, is_bot: false, first_name: user.firstName, language_code: languageCode },
      text,
      entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }],
    },
  });

/** What the bot sent to this chat, oldest first. */
export const botTextsTo = async (server: TestServer, telegramId: number): Promise<string[]> =>
  (await botApiCalls<{ chat_id: number; text: string }>(server, 'sendMessage'))
    .filter((call) => call.params.chat_id === telegramId)
    .map((call) => call.params.text);

/** Signs in through the bot's /admin link; answers the session cookie ("backers_admin=…"). */
export async function consoleSignIn(server: TestServer, operator: ConsoleOperator): Promise<string> {
  await sendBotCommand(server, operator, '/admin');
  const last = (await botTextsTo(server, operator.telegramId)).at(-1) ?? '';
  const link = /(http\S+\/admin\/signin\?token=\S+)/.exec(last)?.[1];
  if (link === undefined) throw new Error(`no sign-in link for ${operator.telegramId}: ${last}`);
  const answer = await fetch(link.replace(server.config.publicUrl, server.baseUrl), { redirect: 'manual' });
  if (answer.status !== 303) throw new Error(`sign-in answered ${answer.status}`);
  return answer.headers.get('set-cookie')!.split(';')[0]!;
}

export function consoleApi<T = Record<string, unknown>>(
  server: TestServer,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<ApiAnswer<T>> {
  // Actions always carry a JSON body (an empty object when they take nothing) and an Idempotency-Key of their own, as
  // the console sends them; `idempotencyKey` sends a given one (a repeated click).
  const headers: Record<string, string> = { cookie };
  if (method !== 'GET') headers['idempotency-key'] = idempotencyKey ?? randomUUID();
  return server.request<T>(method, `/admin/api${path}`, body ?? (method === 'GET' ? undefined : {}), headers);
}
