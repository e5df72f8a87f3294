/**
 * Posting into a channel through the bot (subscription publish, donation requests), recorded in bot_posts for
 * both gateways. A Bot API refusal that means the bot lost the channel marks it disconnected and answers
 * channel_disconnected; other bot failures answer 502 so the client shows the server message.
 */
import { stripBidiControls } from '../../../src/domain/bidi';
import { BotApiError, type PhotoSource } from './BotGateway';
import { miniAppLink } from './BotGateway';
import { AppError } from '../../platform/errors';
import { BotPostsRepository } from './postsRepository';
import { ChannelsRepository } from '../channels/repository';
import type { BotPostRow, ChannelRow } from '../../platform/db/schema';
import { type ServiceDeps, nowDate } from '../../platform/serviceDeps';

export type { PhotoSource } from './BotGateway';

export interface PostRequest {
  readonly channel: ChannelRow;
  readonly kind: 'subscription' | 'donation';
  readonly refId: number;
  readonly text: string;
  readonly buttonText: string;
  readonly pin: boolean;
  readonly silent: boolean;
  /** A photo to post with the text as its caption (sendPhoto): a file_id, an http(s) URL or bytes to upload. */
  readonly photo?: PhotoSource | null;
}

export class Publisher {
  constructor(private readonly deps: ServiceDeps) {}

  /** The deep link a post's button opens: the invoice of the subscription or donation (start param kind_id). */
  link(kind: 'subscription' | 'donation', id: number): string {
    return miniAppLink(this.deps.botProfile.username, this.deps.config.appName, `${kind}_${id}`);
  }

  async post(request: PostRequest): Promise<BotPostRow> {
    const { bot, db, clock } = this.deps;
    const { channel } = request;
    const button = { text: request.buttonText, url: this.link(request.kind, request.refId) };
    try {
      const { messageId } = request.photo
        ? await bot.sendPhoto({
            chatId: channel.chatId,
            photo: request.photo,
            caption: request.text,
            button,
            silent: request.silent,
          })
        : await bot.sendMessage({ chatId: channel.chatId, text: request.text, button, silent: request.silent });
      const posts = new BotPostsRepository(db);
      const post = await posts.record(
        {
          chatId: channel.chatId,
          channelId: channel.id,
          kind: request.kind,
          refId: request.refId,
          text: request.text,
          buttons: [button],
          silent: request.silent,
          messageId,
        },
        nowDate(clock),
      );
      if (request.pin) {
        await bot.pinMessage(channel.chatId, messageId, request.silent);
        await posts.setPinned(post.id, true);
        return { ...post, pinned: true };
      }
      return post;
    } catch (error) {
      if (!(error instanceof BotApiError)) throw error;
      if (
        error.errorCode === 403 ||
        (error.errorCode === 400 && /chat not found|not enough rights|need administrator/i.test(error.message))
      ) {
        await new ChannelsRepository(db).setConnectedByChatId(channel.chatId, false, nowDate(clock));
        throw new AppError('channel_disconnected', 'The bot is not an administrator of this channel any more');
      }
      throw new AppError('error_unknown', `The messenger did not accept the post: ${error.message}`, {}, 502);
    }
  }
}

/** The text of a post: the creator's own name and description (no text of ours, so nothing to translate). */
export function postText(title: string, description: string): string {
  return `${stripBidiControls(title)}\n\n${stripBidiControls(description)}`;
}
