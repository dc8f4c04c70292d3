/** The account tiers; a module of its own so that schemas (and the dashboard's types) need not load config. */
export const TIERS = ['free', 'connected'] as const;
export type Tier = (typeof TIERS)[number];
