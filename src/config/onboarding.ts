// Onboarding: reading a product page for a suggested profile (docs/onboarding.md). Which addresses the page may be
// on follows WEBHOOK_ALLOW_PRIVATE, as for webhooks.
import { type Env, type EnvVar, readInt } from './read.ts';

export const ONBOARDING_VARIABLES: EnvVar[] = [
  {
    name: 'ONBOARDING_PAGE_TIMEOUT_MS',
    default: '`10000`',
    doc: 'how long reading a product page for a suggested profile may take, redirects included (1000 to 60000)',
  },
  {
    name: 'ONBOARDING_PAGE_MAX_BYTES',
    default: '`2097152`',
    doc: 'the largest product page read (65536 to 20971520 bytes); a larger one is refused with a 400',
  },
];

export interface OnboardingConfig {
  pageTimeoutMs: number;
  pageMaxBytes: number;
}

export function readOnboarding(env: Env): OnboardingConfig {
  return {
    pageTimeoutMs: readInt(env, 'ONBOARDING_PAGE_TIMEOUT_MS', 10_000, 1000, 60_000),
    pageMaxBytes: readInt(env, 'ONBOARDING_PAGE_MAX_BYTES', 2 * 1024 * 1024, 64 * 1024, 20 * 1024 * 1024),
  };
}
