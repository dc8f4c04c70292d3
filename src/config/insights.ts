// Intelligence: the SEO opportunities' search provider and the AI engines check_ai_visibility asks
// (docs/decisions/0071, 0072).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, type Env, type EnvVar, readBool, readInt, readUrl } from './read.ts';

export const INSIGHTS_VARIABLES: EnvVar[] = [
  {
    name: 'SEO_PROVIDER',
    default: '`replay` with `DEMO=true`, else unset',
    doc: '`serper`, `serpapi`, `replay`, or `none`; unset or `none`: no SEO calls, an empty list, and the dashboard says how to configure',
  },
  {
    name: 'SERPER_API_KEY',
    default: 'unset',
    doc: 'required with `serper` (serper.dev: `POST /search`, header `X-API-KEY`)',
  },
  {
    name: 'SERPER_BASE_URL',
    default: '`https://google.serper.dev`',
    doc: 'serper',
  },
  {
    name: 'SERPAPI_API_KEY',
    default: 'unset',
    doc: 'required with `serpapi` (`GET /search.json?engine=google&q=…&api_key=…`)',
  },
  {
    name: 'SERPAPI_BASE_URL',
    default: '`https://serpapi.com`',
    doc: 'serpapi',
  },
  {
    name: 'SEO_REPLAY_FILE',
    default: '`sample/seo-replay.json`',
    doc: `recorded results \`{"keywords": {"<keyword>": {"searchVolume"?, "organic": [{"position","title","link"}]}}}\`; only keywords it holds are answered. The shipped file covers the demo project's keywords and is labelled as sample data in the dashboard`,
  },
  {
    name: 'SEO_TIMEOUT_MS',
    default: '`15000`',
    doc: 'per provider call (one attempt; the next refresh asks again)',
  },
  {
    name: 'AI_ENGINES',
    default: 'unset',
    doc: 'JSON array of OpenAI-compatible chat-completions endpoints: `[{"name":"openai","baseUrl":"https://api.openai.com/v1","model":"gpt-4o-mini","apiKey":"sk-…","samples":3}]`; optional `usdPerMTokIn`, `usdPerMTokOut` price the tokens',
  },
  {
    name: 'AI_ENGINES_FILE',
    default: 'unset',
    doc: 'the same JSON in a file',
  },
  {
    name: 'AI_ENGINE_TIMEOUT_MS',
    default: '`30000`',
    doc: 'per answer (100 to 300000)',
  },
];

export const SEO_PROVIDERS = ['serper', 'serpapi', 'replay'] as const;
export type SeoProviderName = (typeof SEO_PROVIDERS)[number];

export interface SeoConfig {
  provider: SeoProviderName | null;
  serper: { apiKey: string | null; baseUrl: string };
  serpapi: { apiKey: string | null; baseUrl: string };
  /** Recorded results (SEO_REPLAY_FILE); the shipped sample when the demo runs without a provider. */
  replayFile: string | null;
  /** True when the replay file is the shipped sample: the dashboard labels its results as sample data. */
  sample: boolean;
  timeoutMs: number;
}

const SAMPLE_SEO = resolve(import.meta.dirname, '../../sample/seo-replay.json');

export function readSeo(env: Env): SeoConfig {
  const web = ['http:', 'https:'];
  const raw = env.SEO_PROVIDER?.trim();
  if (raw && raw !== 'none' && !(SEO_PROVIDERS as readonly string[]).includes(raw)) {
    throw new ConfigError(`SEO_PROVIDER must be one of ${SEO_PROVIDERS.join(', ')} or none (got "${raw}")`);
  }
  // The demo shows opportunities out of the box from the shipped sample, labelled as such; none turns SEO off.
  const demo = readBool(env, 'DEMO', true);
  const provider = (raw === 'none' ? null : raw || (demo ? 'replay' : null)) as SeoProviderName | null;
  const config: SeoConfig = {
    provider,
    serper: {
      apiKey: env.SERPER_API_KEY || null,
      baseUrl: (readUrl(env, 'SERPER_BASE_URL', web) ?? 'https://google.serper.dev').replace(/\/+$/, ''),
    },
    serpapi: {
      apiKey: env.SERPAPI_API_KEY || null,
      baseUrl: (readUrl(env, 'SERPAPI_BASE_URL', web) ?? 'https://serpapi.com').replace(/\/+$/, ''),
    },
    replayFile: provider === 'replay' ? resolve(env.SEO_REPLAY_FILE || SAMPLE_SEO) : null,
    sample: provider === 'replay' && !env.SEO_REPLAY_FILE,
    timeoutMs: readInt(env, 'SEO_TIMEOUT_MS', 15_000, 100, 300_000),
  };
  if (provider === 'serper' && !config.serper.apiKey)
    throw new ConfigError('SEO_PROVIDER=serper needs SERPER_API_KEY');
  if (provider === 'serpapi' && !config.serpapi.apiKey) {
    throw new ConfigError('SEO_PROVIDER=serpapi needs SERPAPI_API_KEY');
  }
  return config;
}

export interface AiEngineConfig {
  name: string;
  baseUrl: string;
  model: string;
  apiKey: string | null;
  /** Answers asked per check, in parallel (default 1). */
  samples: number;
  timeoutMs: number;
  usdPerMTokIn: number;
  usdPerMTokOut: number;
}

export function readAiEngines(env: Env): AiEngineConfig[] {
  let raw = env.AI_ENGINES?.trim();
  const where = raw ? 'AI_ENGINES' : 'AI_ENGINES_FILE';
  if (!raw && env.AI_ENGINES_FILE) {
    try {
      raw = readFileSync(env.AI_ENGINES_FILE, 'utf8');
    } catch (err) {
      throw new ConfigError(
        `AI_ENGINES_FILE: cannot read ${env.AI_ENGINES_FILE} (${(err as Error).message})`,
      );
    }
  }
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (err) {
    throw new ConfigError(`${where} must be a JSON array of engines (${(err as Error).message})`);
  }
  if (!Array.isArray(parsed)) throw new ConfigError(`${where} must be a JSON array of engines`);
  const timeoutMs = readInt(env, 'AI_ENGINE_TIMEOUT_MS', 30_000, 100, 300_000);
  const names = new Set<string>();
  return parsed.map((e: Record<string, unknown>, i) => {
    const at = `${where}[${i}]`;
    if (typeof e !== 'object' || e === null) throw new ConfigError(`${at} must be an object`);
    const str = (k: string) =>
      typeof e[k] === 'string' && (e[k] as string).trim() ? (e[k] as string).trim() : null;
    const name = str('name');
    const model = str('model');
    const baseUrl = str('baseUrl');
    if (!name || !model || !baseUrl) throw new ConfigError(`${at} needs "name", "baseUrl" and "model"`);
    if (names.has(name)) throw new ConfigError(`${at}: the name "${name}" is used twice`);
    names.add(name);
    if (!URL.canParse(baseUrl) || !['http:', 'https:'].includes(new URL(baseUrl).protocol)) {
      throw new ConfigError(`${at}.baseUrl must be an http(s) URL (got "${baseUrl}")`);
    }
    const samples = e.samples ?? 1;
    if (!Number.isInteger(samples) || (samples as number) < 1 || (samples as number) > 10) {
      throw new ConfigError(`${at}.samples must be an integer from 1 to 10`);
    }
    const price = (k: string) => {
      const v = e[k] ?? 0;
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
        throw new ConfigError(`${at}.${k} must be a number >= 0`);
      return v;
    };
    return {
      name,
      baseUrl: baseUrl.replace(/\/+$/, ''),
      model,
      apiKey: str('apiKey'),
      samples: samples as number,
      timeoutMs,
      usdPerMTokIn: price('usdPerMTokIn'),
      usdPerMTokOut: price('usdPerMTokOut'),
    };
  });
}
