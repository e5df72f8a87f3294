import type {
  DonationImageResponse,
  DonationRequestRequest,
  DonationRequestResponse,
  SetStarsPriceRequest,
  StarsPriceResponse,
  StarsRatesResponse,
} from '../../../contract/api';
import type { StarsPrice, StarsRates } from '../../../application/ports/SubscriptionRepository';
import type { Channel } from '../../../domain/entities';
import type {
  Donation,
  DonationRepository,
  DonationRequest,
  UploadedDonationImage,
} from '../../../application/ports/DonationRepository';
import type { HttpClient } from '../HttpClient';
import { channelFromDto } from '../mappers/channel';
import { moneyToWire } from '../mappers/money';
import { donationFromDto, starsPriceFromDto } from '../mappers/subscription';

export class HttpDonationRepository implements DonationRepository {
  constructor(private readonly http: HttpClient) {}

  async request(channelId: number, request: DonationRequest): Promise<{ channel: Channel; donation: Donation }> {
    const body: DonationRequestRequest = {
      title: request.title,
      description: request.description,
      currency: request.amount.currency,
      amount: moneyToWire(request.amount),
      buttonText: request.buttonText,
      pin: request.pin,
      disableNotification: request.disableNotification,
      imageId: request.imageId ?? null,
      ...(request.goal ? { goal: moneyToWire(request.goal) } : {}),
      ...(request.endsAt != null ? { endsAt: request.endsAt } : {}),
    };
    const dto = await this.http.post<DonationRequestResponse>(`/donation/request/channel/${channelId}`, body);
    return { channel: channelFromDto(dto.channel), donation: donationFromDto(dto.donation) };
  }

  async get(donationId: number): Promise<{ channel: Channel; donation: Donation }> {
    const dto = await this.http.get<DonationRequestResponse>(`/donation/request/${donationId}`);
    return { channel: channelFromDto(dto.channel), donation: donationFromDto(dto.donation) };
  }

  /** The file itself is the body; the server reads its type from the bytes. */
  async uploadImage(channelId: number, file: Blob): Promise<UploadedDonationImage> {
    const dto = await this.http.post<DonationImageResponse>(`/donation/image/channel/${channelId}`, file, {
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
    });
    return { imageId: dto.imageId, width: dto.width, height: dto.height };
  }

  async setStarsPrice(donationId: number, stars: number | null): Promise<StarsPrice> {
    const body: SetStarsPriceRequest = { stars };
    return starsPriceFromDto(await this.http.post<StarsPriceResponse>(`/donation/${donationId}/stars`, body));
  }

  async starsRates(): Promise<StarsRates> {
    const dto = await this.http.get<StarsRatesResponse>('/stars/rates');
    return new Map(dto.rates.map(({ currency, rate }) => [currency, rate]));
  }
}
