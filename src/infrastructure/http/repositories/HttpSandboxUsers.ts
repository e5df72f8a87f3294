import type { SandboxUser, SandboxUsers } from '../../../application/ports/SandboxUsers';
import type { HttpClient } from '../HttpClient';

/** GET /sandbox/users as server/modules/sandbox/control.ts answers it. */
interface SandboxUsersResponse {
  demo: { telegramId: number; firstName: string; lastName?: string; username?: string }[];
  users: {
    telegramId: number;
    firstName: string;
    lastName?: string;
    userName?: string;
    banned: boolean;
    demo: boolean;
  }[];
}

/** The sandbox control API over a JSON client whose base URL is the server's /sandbox. */
export class HttpSandboxUsers implements SandboxUsers {
  constructor(private readonly http: HttpClient) {}

  async list(): Promise<SandboxUser[]> {
    const answer = await this.http.get<SandboxUsersResponse>('/users');
    const known = new Map(answer.users.map((user) => [user.telegramId, user]));
    const demo: SandboxUser[] = answer.demo.map((account) => ({
      telegramId: account.telegramId,
      firstName: account.firstName,
      lastName: account.lastName,
      userName: account.username,
      demo: true,
      banned: known.get(account.telegramId)?.banned ?? false,
    }));
    const others: SandboxUser[] = answer.users
      .filter((user) => !user.demo)
      .map((user) => ({
        telegramId: user.telegramId,
        firstName: user.firstName,
        lastName: user.lastName,
        userName: user.userName,
        demo: false,
        banned: user.banned,
      }));
    return [...demo, ...others];
  }

  async launch(telegramId: number): Promise<{ launchUrl: string }> {
    const answer = await this.http.post<{ launchUrl: string }>('/launch', { telegramId });
    return { launchUrl: answer.launchUrl };
  }
}
