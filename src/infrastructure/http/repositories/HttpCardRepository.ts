import type { CardResponse, CardsResponse } from '../../../contract/api';
import type { SavedCard } from '../../../domain/entities';
import type { CardRepository } from '../../../application/ports/CardRepository';
import type { HttpClient } from '../HttpClient';
import { savedCardFromDto } from '../mappers/card';

export class HttpCardRepository implements CardRepository {
  constructor(private readonly http: HttpClient) {}

  async list(): Promise<readonly SavedCard[]> {
    const dto = await this.http.get<CardsResponse>('/follower/cards');
    return dto.cards.map(savedCardFromDto);
  }

  async get(cardId: number): Promise<SavedCard> {
    return savedCardFromDto((await this.http.get<CardResponse>(`/follower/cards/${cardId}`)).card);
  }

  /** GET, as spec section 7 lists it. */
  async setPrimary(cardId: number): Promise<void> {
    await this.http.get<unknown>(`/follower/cards/${cardId}/primary`);
  }

  async delete(cardId: number): Promise<void> {
    await this.http.get<unknown>(`/follower/cards/${cardId}/delete`);
  }
}
