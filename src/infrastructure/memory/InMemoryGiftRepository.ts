/**
 * Gift subscriptions in the in-memory backend: none are sold here (the payment path refuses gifts), so every code is
 * unknown and every subscription has sold none. The server's rules: server/modules/gifts.
 */
import type { Gift, GiftAccepted, GiftPurchase, GiftRepository } from '../../application/ports/GiftRepository';
import { fail } from './InMemoryBackend';

export class InMemoryGiftRepository implements GiftRepository {
  async purchase(_paymentId: string): Promise<GiftPurchase> {
    return fail('not_found', 'Gift not found');
  }

  async gift(_code: string): Promise<Gift> {
    return fail('gift_invalid', 'There is no such gift', { reason: 'unknown' });
  }

  async accept(_code: string): Promise<GiftAccepted> {
    return fail('gift_invalid', 'There is no such gift', { reason: 'unknown' });
  }
}
