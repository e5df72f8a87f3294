import type {
  ChannelOnlyResponse,
  ChannelResponse,
  LanguagesResponse,
  PageRequest,
  SetChannelLanguageRequest,
  SubscriptionsPage,
  TransactionsPage,
} from '../../../contract/api';
import type { Channel, Language, LanguageCode, Subscription, Transaction } from '../../../domain/entities';
import type { ChannelDetail, ChannelRepository } from '../../../application/ports/ChannelRepository';
import type { Cursor, Page } from '../../../application/ports/Page';
import type { HttpClient } from '../HttpClient';
import { channelFromDto, languageFromDto } from '../mappers/channel';
import { toPage } from '../mappers/page';
import { subscriptionFromDto } from '../mappers/subscription';
import { transactionFromDto } from '../mappers/transaction';

export class HttpChannelRepository implements ChannelRepository {
  constructor(private readonly http: HttpClient) {}

  async get(channelId: number): Promise<ChannelDetail> {
    const dto = await this.http.get<ChannelResponse>(`/channel/${channelId}`);
    return {
      channel: channelFromDto(dto.channel),
      languages: (dto.languages ?? []).map(languageFromDto),
      subscriptions: toPage(dto.subscriptions, dto.subscriptionsNextFrom, subscriptionFromDto),
      transactions: toPage(dto.transactions, dto.transactionsNextFrom, transactionFromDto),
      isOnboarding: dto.isOnboarding,
    };
  }

  async languages(): Promise<readonly Language[]> {
    const dto = await this.http.get<LanguagesResponse>('/channel/languages');
    return dto.languages.map(languageFromDto);
  }

  async setLanguage(channelId: number, language: LanguageCode): Promise<Channel> {
    const body: SetChannelLanguageRequest = { language };
    const dto = await this.http.post<ChannelOnlyResponse>(`/channel/${channelId}/language`, body);
    return channelFromDto(dto.channel);
  }

  async skipOnboardingStep(channelId: number): Promise<Channel> {
    const dto = await this.http.post<ChannelOnlyResponse>(`/channel/${channelId}/onboarding/skip_step`);
    return channelFromDto(dto.channel);
  }

  async delete(channelId: number): Promise<void> {
    await this.http.post<unknown>(`/channel/${channelId}/delete`);
  }

  async subscriptions(channelId: number, startFrom: Cursor): Promise<Page<Subscription>> {
    const body: PageRequest = { startFrom };
    const dto = await this.http.post<SubscriptionsPage>(`/channel/${channelId}/subscriptions`, body);
    return toPage(dto.subscriptions, dto.nextFrom, subscriptionFromDto);
  }

  async transactions(channelId: number, startFrom: Cursor): Promise<Page<Transaction>> {
    const body: PageRequest = { startFrom };
    const dto = await this.http.post<TransactionsPage>(`/channel/${channelId}/transactions`, body);
    return toPage(dto.transactions, dto.nextFrom, transactionFromDto);
  }
}
