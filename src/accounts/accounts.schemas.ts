import { type Static, Type } from 'typebox';
import { DateTime, Nullable, StringEnum } from '../contract/schemas.ts';
import { TIERS } from './tiers.ts';

/**
 * Scopes a key can carry. REST keys are read-only; tool keys may also start scans, triage leads (ADR 0065) and
 * create and edit projects (ADR 0119).
 */
export const REST_SCOPES = ['read'] as const;
export const TOOL_SCOPES = ['tools:read', 'tools:scan', 'tools:triage', 'tools:projects'] as const;
export const KEY_SCOPES = [...REST_SCOPES, ...TOOL_SCOPES] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

const NullableInt = Nullable(Type.Integer({ minimum: 0 }));

export const TierLimits = Type.Object(
  {
    projects: NullableInt,
    keywordsPerProject: NullableInt,
    subredditsPerProject: NullableInt,
    scanIntervalHours: Type.Integer({ minimum: 0 }),
    commentThreadsPerScan: NullableInt,
    feedWindowDays: Type.Integer({ minimum: 0 }),
    alertWebhooks: NullableInt,
    alertCadence: StringEnum(['daily', 'hourly']),
    seoKeywords: NullableInt,
    seoRefreshDays: Type.Integer({ minimum: 0 }),
    seoSearchVolume: Type.Boolean(),
    competitors: NullableInt,
    apiRequestsPerDay: Type.Integer({ minimum: 0 }),
  },
  { description: 'Tier limits; a null in any field means no limit.' },
);
export type TierLimits = Static<typeof TierLimits>;

/**
 * The configured limits as the contract's TierLimits: apiKeys (ADR 0096) and dailySpendCapUsd (ADR 0102) are the
 * dashboard's, not the API's.
 */
export function toApiTierLimits(
  limits: (TierLimits & { apiKeys: number | null; dailySpendCapUsd: number | null }) | null,
): TierLimits | null {
  if (!limits) return null;
  const { apiKeys: _keys, dailySpendCapUsd: _cap, ...api } = limits;
  return api;
}

export const Me = Type.Object({
  user: Type.Object({ id: Type.String(), email: Nullable(Type.String()), createdAt: DateTime }),
  tier: StringEnum(TIERS),
  selfHosted: Type.Boolean(),
  limits: Nullable(TierLimits),
  key: Type.Object({
    prefix: Type.String({ description: 'The first characters of the key, for display.' }),
    scopes: Type.Array(
      StringEnum(KEY_SCOPES, {
        description:
          '`read`: every REST operation (REST keys carry only this). `tools:read`: the read-only tools of the tool endpoint. `tools:scan`: the run_scan tool. `tools:triage`: the set_lead_status tool (tool keys issued before it existed lack it). `tools:projects`: the project tools: suggest_project (reads a page, saves nothing), create_project and update_project, which save a project and start its first scan (it buys upstream data; tool keys issued before it existed lack it).',
      }),
    ),
  }),
  requestsToday: Type.Integer({
    minimum: 0,
    description: 'Requests counted today (UTC), this one included.',
  }),
  requestsPerDay: Nullable(Type.Integer({ minimum: 0 })),
});
export type Me = Static<typeof Me>;

const KeyKindSchema = StringEnum(['rest', 'mcp'], {
  description: '`rest`: a read-only REST key (rl_sk_…). `mcp`: a tool-endpoint key (sbk_…).',
});

/** A key as the dashboard lists it: never the key itself, which is shown once when it is created. */
export const ApiKey = Type.Object({
  id: Type.String(),
  kind: KeyKindSchema,
  prefix: Type.String({ description: 'The first characters of the key, for display.' }),
  scopes: Type.Array(StringEnum(KEY_SCOPES)),
  createdAt: DateTime,
  lastUsedAt: Nullable(DateTime),
  revokedAt: Nullable(DateTime),
});
export type ApiKey = Static<typeof ApiKey>;

/** The answer to a key creation: the only time the key is shown. */
export const CreatedApiKey = Type.Object({
  id: Type.String(),
  kind: KeyKindSchema,
  prefix: Type.String(),
  scopes: Type.Array(StringEnum(KEY_SCOPES)),
  createdAt: DateTime,
  key: Type.String({ description: 'Shown once; only its hash is stored.' }),
});
export type CreatedApiKey = Static<typeof CreatedApiKey>;
