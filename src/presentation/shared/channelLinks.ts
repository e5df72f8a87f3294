/** Paths the channel screens lead to (spec section 2) and the moderation guidelines page. */
export const CONNECT_BOT_PATH = '/connectbot';
export const DASHBOARD_PATH = '/dashboard';

/** The guidelines a rejected channel is measured against (opened outside the app). */
export const GUIDELINES_URL = 'https://telegram.org/tos';

export function channelPaths(channelId: number) {
  const base = `/channel/${channelId}`;
  return {
    channel: base,
    settings: `${base}/settings`,
    language: `${base}/language`,
    createSubscription: `${base}/subscription/create`,
    createDonation: `${base}/donation/create`,
    subscription: (subscriptionId: number) => `${base}/subscription/${subscriptionId}`,
    preview: (subscriptionId: number) => `${base}/subscription/${subscriptionId}/preview`,
  } as const;
}

export const transactionPath = (transactionId: number): string => `/transaction/${transactionId}`;
