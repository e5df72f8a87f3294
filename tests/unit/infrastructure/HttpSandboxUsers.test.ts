import type { HttpClient, RequestOptions } from '../../../src/infrastructure/http/HttpClient';
import { HttpSandboxUsers } from '../../../src/infrastructure/http/repositories/HttpSandboxUsers';

/** Answers GET /users and POST /launch like server/modules/sandbox/controlRoutes.ts, recording the calls. */
class SandboxHttp implements HttpClient {
  readonly calls: [string, string, unknown][] = [];
  async get<T>(path: string, _options?: RequestOptions): Promise<T> {
    this.calls.push(['GET', path, undefined]);
    return {
      demo: [
        { telegramId: 1001, firstName: 'Alice', lastName: 'Creator', username: 'alice_creator', role: 'creator' },
        { telegramId: 3001, firstName: 'Carol', role: 'migration' },
      ],
      users: [
        { id: 7, telegramId: 1001, firstName: 'Alice', banned: false, demo: true },
        { id: 9, telegramId: 555, firstName: 'Nina', userName: 'nina', banned: true, demo: false },
      ],
    } as T;
  }
  async post<T>(path: string, body?: unknown): Promise<T> {
    this.calls.push(['POST', path, body]);
    return { initData: 'signed', launchUrl: 'https://public.example/#tgWebAppData=signed' } as T;
  }
}

describe('HttpSandboxUsers', () => {
  it('lists the demo accounts first, then the other users, without repeating a demo account', async () => {
    const http = new SandboxHttp();
    const users = await new HttpSandboxUsers(http).list();
    expect(users.map((user) => [user.telegramId, user.demo, user.banned])).toEqual([
      [1001, true, false],
      [3001, true, false],
      [555, false, true],
    ]);
    expect(users[0].userName).toBe('alice_creator');
    expect(http.calls).toEqual([['GET', '/users', undefined]]);
  });

  it('asks the sandbox to sign a launch for the user', async () => {
    const http = new SandboxHttp();
    expect(await new HttpSandboxUsers(http).launch(1001)).toEqual({
      launchUrl: 'https://public.example/#tgWebAppData=signed',
    });
    expect(http.calls).toEqual([['POST', '/launch', { telegramId: 1001 }]]);
  });
});
