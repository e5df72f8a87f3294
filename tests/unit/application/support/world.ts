/** A fresh in-memory backend on virtual time, with the ports of any user, for use case tests. */
import { InMemoryBackend, type InMemoryBackendOptions } from '../../../../src/infrastructure/memory/InMemoryBackend';
import { InMemorySeeder } from '../../../../src/infrastructure/memory/InMemorySeeder';
import { VirtualTime } from '../../../../src/infrastructure/memory/VirtualTime';
import {
  type InMemoryRepositories,
  createInMemoryRepositories,
} from '../../../../src/infrastructure/memory/createInMemoryRepositories';
import type { Scheduler } from '../../../../src/application/ports/Scheduler';
import type { SubscriptionForm } from '../../../../src/domain/subscription-form';

export interface World {
  readonly time: VirtualTime;
  readonly backend: InMemoryBackend;
  readonly seed: InMemorySeeder;
  as(user: { readonly id: number }): InMemoryRepositories;
}

export function createWorld(options: Omit<InMemoryBackendOptions, 'clock'> = {}): World {
  const time = new VirtualTime();
  const backend = new InMemoryBackend({ pageSize: 5, ...options, clock: time });
  return {
    time,
    backend,
    seed: new InMemorySeeder(backend),
    as: (user) => createInMemoryRepositories(backend, { userId: user.id }),
  };
}

/** Virtual time that runs `onDelay(n)` after the n-th wait (1-based): lets a test change the backend mid-poll. */
export function schedulerWith(time: VirtualTime, onDelay: (count: number) => void): Scheduler {
  let count = 0;
  return {
    async delay(ms, signal) {
      await time.delay(ms, signal);
      count += 1;
      onDelay(count);
    },
  };
}

export function subscriptionForm(channelId: number, overrides: Partial<SubscriptionForm> = {}): SubscriptionForm {
  return {
    channelId,
    name: 'Monthly Subscription',
    description: 'Your contribution fuels the channel',
    period: 'monthly',
    currency: 'eur',
    amount: '5',
    buttonText: 'Subscribe',
    command: '',
    publish: true,
    disableNotification: false,
    pin: true,
    ...overrides,
  };
}
