import { type Channel, LANGUAGE_CODES, type LanguageCode } from '../../../domain/entities';
import { type Result, err } from '../../../domain/result';
import type { ChannelRepository } from '../../ports/ChannelRepository';
import { type Invalid, type RequestFailure, invalid, request } from '../shared/failures';

export type SetChannelLanguageError = Invalid<{ readonly code: 'unknown_language' }> | RequestFailure;

/** Saves the channel language (ru, en or id); on the select-language onboarding step the server moves on. */
export class SetChannelLanguage {
  constructor(private readonly channels: ChannelRepository) {}

  async execute(input: {
    readonly channelId: number;
    readonly language: string;
  }): Promise<Result<Channel, SetChannelLanguageError>> {
    if (!(LANGUAGE_CODES as readonly string[]).includes(input.language))
      return err(invalid({ code: 'unknown_language' } as const));
    return request(() => this.channels.setLanguage(input.channelId, input.language as LanguageCode));
  }
}
