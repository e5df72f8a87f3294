/** The help page about payout dates, minimums and arrival times (the spec names it, not its address: decided here). */
export const PAYOUT_HELP_URL = 'https://backers.app/help/payouts';
