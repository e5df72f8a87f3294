import type { ChannelDto, LanguageDto, UserDto } from '../../../contract/api';
import type { Channel, Language, User } from '../../../domain/entities';

export function channelFromDto(dto: ChannelDto): Channel {
  return {
    id: dto.id,
    chatId: dto.chatId,
    name: dto.name,
    userName: dto.userName,
    photoUrl: dto.photoUrl,
    type: dto.type,
    language: { code: dto.language.code, name: dto.language.name },
    isLanguageSelected: dto.isLanguageSelected,
    connected: dto.connected,
    moderation: dto.moderation,
    onboardingStep: dto.onboardingStep,
    onboardingPassed: dto.onboardingPassed,
    isOnboarding: dto.isOnboarding,
    activeSubscribers: dto.activeSubscribers,
    isDeleted: dto.isDeleted,
  };
}

export function languageFromDto(dto: LanguageDto): Language {
  return { code: dto.code, name: dto.name, englishName: dto.englishName };
}

export function userFromDto(dto: UserDto): User {
  return {
    id: dto.id,
    telegramId: dto.telegramId,
    firstName: dto.firstName,
    lastName: dto.lastName,
    userName: dto.userName,
    photoUrl: dto.photoUrl,
  };
}
