import {
  PROVIDER_PUBLIC_TOKEN_HEADER,
  type ProviderError,
  type ProviderTokenizeRequest,
  type ProviderTokenizeResponse,
} from '../../../contract/api';
import type {
  CardDetails,
  CardToken,
  CardTokenization,
  ProviderGateway,
} from '../../../application/ports/ProviderGateway';
import { RepositoryError, isCodedError } from '../../../application/ports/RepositoryError';
import type { HttpClient } from '../HttpClient';
import { cardTokenFromDto } from '../mappers/payment';

/** The provider answers `{ status: 'error', error: { code, description } }`; callers read `code` like any port error. */
function providerError(error: unknown): unknown {
  const body = isCodedError(error) ? error.body : undefined;
  const detail: Partial<ProviderError['error']> | undefined =
    typeof body === 'object' && body !== null ? (body as Partial<ProviderError>).error : undefined;
  if (typeof detail?.code !== 'string') return error;
  return new RepositoryError(detail.code, typeof detail.description === 'string' ? detail.description : detail.code);
}

/**
 * Card tokenisation at the payment provider (Smart Glocal): the card goes straight to the tokenize URL the server
 * handed out with a one-use public token, never to our server. Nothing here logs it.
 */
export class HttpProviderGateway implements ProviderGateway {
  constructor(private readonly provider: HttpClient) {}

  async tokenizeCard(card: CardDetails, access: CardTokenization): Promise<CardToken> {
    const body: ProviderTokenizeRequest = {
      card: {
        number: card.number.replace(/\s+/g, ''),
        ...(card.expiryMonth !== undefined ? { expiration_month: card.expiryMonth } : {}),
        ...(card.expiryYear !== undefined ? { expiration_year: card.expiryYear } : {}),
        ...(card.cvc !== undefined ? { security_code: card.cvc } : {}),
      },
    };
    try {
      const answer = await this.provider.post<ProviderTokenizeResponse>(access.tokenizeUrl, body, {
        headers: { [PROVIDER_PUBLIC_TOKEN_HEADER]: access.publicToken },
      });
      return cardTokenFromDto(answer);
    } catch (error) {
      throw providerError(error);
    }
  }
}
