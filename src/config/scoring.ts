// Scoring: the meaning stage, and the optional LLM phase (an OpenAI-compatible endpoint).
import { availableParallelism } from 'node:os';
import { ConfigError, type Env, type EnvVar, readInt, readNumber, readUrl } from './read.ts';

/** MEANING_THREADS unset: two encoder threads where the machine has two cores or more. */
export const defaultMeaningThreads = () => Math.max(1, Math.min(2, availableParallelism()));

export const SCORING_VARIABLES: EnvVar[] = [
  {
    name: 'MEANING',
    default: '`true`',
    doc: "the scorer's meaning stage (a sentence encoder that moves a post's score, docs/scoring.md); `false` scores with the local scorer alone",
  },
  {
    name: 'MEANING_THREADS',
    default: '`2` (`1` on one core)',
    doc: "threads the meaning stage's encoder runs on (1 to 16), each with its own copy of the model (about 150 MB); a first scan encodes hundreds of posts, so this is its speed (docs/decisions/0119-first-scan-at-once.md)",
  },
  {
    name: 'LLM_BASE_URL',
    default: 'unset',
    doc: 'optional LLM scoring: an OpenAI-compatible API (`https://api.openai.com/v1`, `http://127.0.0.1:11434/v1` for Ollama); unset means local scoring only (docs/scoring.md)',
  },
  {
    name: 'LLM_MODEL',
    default: 'unset',
    doc: 'the model name; required with `LLM_BASE_URL`',
  },
  {
    name: 'LLM_API_KEY',
    default: 'unset',
    doc: 'bearer key, if the provider needs one',
  },
  {
    name: 'LLM_PRESCORE',
    default: '`40`',
    doc: 'only items whose local score reaches this (0 to 100) go to the model',
  },
  {
    name: 'LLM_TIMEOUT_MS',
    default: '`20000`',
    doc: 'per model call (100 to 300000); a time-out keeps the local score',
  },
  {
    name: 'LLM_CONCURRENCY',
    default: '`4`',
    doc: 'model calls at once (1 to 64)',
  },
  {
    name: 'LLM_USD_PER_MTOK_IN',
    default: '`0`',
    doc: "the price of a million input tokens, in USD, used to record each call's cost",
  },
  {
    name: 'LLM_USD_PER_MTOK_OUT',
    default: '`0`',
    doc: "the price of a million output tokens, in USD, used to record each call's cost",
  },
  {
    name: 'LLM_EMBEDDING_MODEL',
    default: 'unset',
    doc: "with `LLM_BASE_URL`: cluster pain themes on this model's embeddings",
  },
];

/** The optional LLM scorer (OpenAI-compatible chat completions); null when LLM_BASE_URL is unset. */
export interface LlmConfig {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Only items whose local score reaches this go to the model. */
  preScore: number;
  timeoutMs: number;
  concurrency: number;
  /** Prices used to report each call's cost, in USD per million tokens. */
  usdPerMTokIn: number;
  usdPerMTokOut: number;
  /** LLM_EMBEDDING_MODEL: when set, pain themes cluster the provider's embeddings instead of TF-IDF vectors. */
  embeddingModel: string | null;
}

export function readLlm(env: Env): LlmConfig | null {
  const baseUrl = readUrl(env, 'LLM_BASE_URL', ['http:', 'https:']);
  if (!baseUrl) return null;
  const model = env.LLM_MODEL?.trim();
  if (!model) throw new ConfigError('LLM_MODEL must be set when LLM_BASE_URL is set');
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: env.LLM_API_KEY || null,
    model,
    preScore: readInt(env, 'LLM_PRESCORE', 40, 0, 100),
    timeoutMs: readInt(env, 'LLM_TIMEOUT_MS', 20_000, 100, 300_000),
    concurrency: readInt(env, 'LLM_CONCURRENCY', 4, 1, 64),
    usdPerMTokIn: readNumber(env, 'LLM_USD_PER_MTOK_IN', 0, 0, 1000),
    usdPerMTokOut: readNumber(env, 'LLM_USD_PER_MTOK_OUT', 0, 0, 1000),
    embeddingModel: env.LLM_EMBEDDING_MODEL?.trim() || null,
  };
}
