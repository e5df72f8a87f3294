import type { MigrationRequestDto, MigrationResponse } from '../../../contract/api';
import type { MigrationRequest } from '../../../domain/entities';
import type { MigrationState } from '../../../application/ports/MigrationRepository';
import { channelFromDto } from './channel';

export function migrationRequestFromDto(dto: MigrationRequestDto): MigrationRequest {
  return { id: dto.id, status: dto.status, positionInQueue: dto.positionInQueue, createdAt: dto.createdAt };
}

export function migrationStateFromDto(dto: MigrationResponse): MigrationState {
  return {
    request: dto.request ? migrationRequestFromDto(dto.request) : null,
    channels: (dto.channels ?? []).map(channelFromDto),
    donateChannels: (dto.donateChannels ?? []).map((c) => ({
      chatId: c.chatId,
      name: c.name,
      link: c.link,
      activeSubscribers: c.activeSubscribers,
    })),
    termsAccepted: dto.termsAccepted,
  };
}
