import {
  PROVIDER_PUBLIC_TOKEN_HEADER, PROVIDER_ROUTES, type ProviderSessionStatus, type ProviderTokenizeRequest, type ProviderTokenizeResponse,
} from '../../../contract/api';
import type { CardDetails, CardToken, ProviderGateway, ProviderSession } from '../../../application/ports/ProviderGateway';
import { RepositoryError, isCodedError } from '../../../application/ports/RepositoryError';
import type { HttpClient } from '../HttpClient';
import { cardTokenFromDto, providerSessionFromDto } from '../mappers/payment';

/** The provider answers `{ status: 'error', error_code, error_description }`; callers read `code` like any port error. */
function providerError(error: unknown): unknown {
  const body = isCodedError(error) ? error.body : undefined;
  if (typeof body !== 'object' || body === null) return error;
  const { error_code: code, error_description: description } = body as { error_code?: unknown; error_description?: unknown };
  if (typeof code !== 'string') return error;
  return new RepositoryError(code, typeof description === 'string' ? description : code);
}

/**
 * The card payment provider, over an HttpClient whose base URL is the provider's (/provider on the reference server),
 * not /api/v2. Card data goes only there; nothing here logs it.
 */
export class HttpProviderGateway implements ProviderGateway {
  constructor(private readonly provider: HttpClient) {}

  async tokenizeCard(card: CardDetails, publicToken?: string): Promise<CardToken> {
    const body: ProviderTokenizeRequest = {
      card_number: card.number.replace(/\s+/g, ''),
      cardholder_name: card.holderName,
      expiry_month: card.expiryMonth,
      expiry_year: card.expiryYear,
      cvc: card.cvc,
      postal_code: card.postalCode,
    };
    const headers = publicToken ? { [PROVIDER_PUBLIC_TOKEN_HEADER]: publicToken } : undefined;
    try {
      return cardTokenFromDto(await this.provider.post<ProviderTokenizeResponse>(PROVIDER_ROUTES.tokenize, body, { headers }));
    } catch (error) {
      throw providerError(error);
    }
  }

  async sessionStatus(publicToken: string): Promise<ProviderSession> {
    try {
      const dto = await this.provider.get<ProviderSessionStatus>(PROVIDER_ROUTES.sessionStatus, { headers: { [PROVIDER_PUBLIC_TOKEN_HEADER]: publicToken } });
      return providerSessionFromDto(dto);
    } catch (error) {
      throw providerError(error);
    }
  }
}
