/** What the sandbox's control routes read and change directly: users by Telegram id, bans, the bot's posts. */
import type { ServerClock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db/db';
import type { BotPostRow, UserRow } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import { BotPostsRepository } from '../bot/postsRepository';
import { UsersRepository } from '../users/repository';

export class SandboxService {
  private readonly users: UsersRepository;
  private readonly posts: BotPostsRepository;

  constructor(db: DbOrTx, private readonly clock: ServerClock) {
    this.users = new UsersRepository(db);
    this.posts = new BotPostsRepository(db);
  }

  async userByTelegramId(telegramId: number): Promise<UserRow> {
    const user = await this.users.byTelegramId(telegramId);
    if (!user) throw notFound(`No user with telegramId ${telegramId}`);
    return user;
  }

  async setBanned(telegramId: number, banned: boolean): Promise<void> {
    const user = await this.userByTelegramId(telegramId);
    await this.users.setBanned(user.id, banned, new Date(this.clock.now()));
  }

  recentUsers(): Promise<UserRow[]> {
    return this.users.recent(50);
  }

  botPosts(chatId: number): Promise<BotPostRow[]> {
    return this.posts.listByChat(chatId);
  }
}
