// The sentence encoder's vectors for the eval and training: read from a cache in the user's cache folder
// (~/.cache/lead-intelligence/meaning/, or MEANING_CACHE_DIR), shared by every clone on the machine as npm's cache
// is, so that a fresh clone (CI's) does not spend minutes encoding the same posts again; the missing ones computed
// by one worker thread per core with the service's own encoder (src/scoring/embedder.ts).
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  itemText,
  type MeaningVectors,
  profileTexts,
  type ScoringItem,
  type ScoringProfile,
} from '../src/domain/scoring.ts';
import { ENCODER } from '../src/scoring/embedder.ts';
import { cacheDir } from './eval-lib.ts';

const DIR = cacheDir('meaning', 'MEANING_CACHE_DIR');
// Keyed by a hash of the text read (a change to itemText reads new keys); the encoder names the file.
const FILE = join(DIR, `${ENCODER.replace(/\W+/g, '.')}.jsonl`);
const keyOf = (text: string) => createHash('sha1').update(text).digest('base64url');

function readCache(): Map<string, Float32Array> {
  const out = new Map<string, Float32Array>();
  if (!existsSync(FILE)) return out;
  for (const line of readFileSync(FILE, 'utf8').split('\n')) {
    let row: { k: string; v: string };
    try {
      row = JSON.parse(line);
    } catch {
      continue; // a line cut short by a run that was stopped: encoded again
    }
    const b = Buffer.from(row.v, 'base64');
    if (b.byteLength === 2048) out.set(row.k, new Float32Array(b.buffer, b.byteOffset, 512).slice());
  }
  return out;
}

async function encode(texts: string[], log: (s: string) => void): Promise<Float32Array[]> {
  const workers = Math.max(1, Math.min(4, availableParallelism()));
  const share = Math.ceil(texts.length / workers);
  const chunk = 64;
  const out: Float32Array[] = new Array(texts.length);
  let done = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      const worker = new Worker(new URL('./embed-worker.ts', import.meta.url));
      try {
        for (let i = w * share; i < Math.min(texts.length, (w + 1) * share); i += chunk) {
          const part = texts.slice(i, Math.min(i + chunk, (w + 1) * share, texts.length));
          const vectors = await new Promise<ArrayBuffer[]>((resolve, reject) => {
            const fail = (err: Error) => reject(err);
            worker.once('error', fail);
            worker.once('message', (m: ArrayBuffer[]) => {
              worker.off('error', fail);
              resolve(m);
            });
            worker.postMessage(part);
          });
          vectors.forEach((b, k) => {
            out[i + k] = new Float32Array(b);
          });
          done += part.length;
          if (done % 640 < part.length) log(`encoded ${done} of ${texts.length} texts`);
        }
      } finally {
        await worker.terminate();
      }
    }),
  );
  return out;
}

/** The vectors of the texts, keyed by text: cached ones read, the others encoded and added to the cache. */
export async function vectorsOf(
  texts: Iterable<string>,
  log: (s: string) => void = (s) => console.error(s),
): Promise<Map<string, Float32Array>> {
  const cache = readCache();
  const unique = [...new Set(texts)];
  const missing = unique.filter((t) => !cache.has(keyOf(t)));
  if (missing.length) {
    log(
      `meaning: encoding ${missing.length} texts not in ${FILE} (about 65 ms of CPU each, spread over the cores)`,
    );
    const vectors = await encode(missing, log);
    mkdirSync(DIR, { recursive: true });
    appendFileSync(
      FILE,
      missing
        .map((t, i) => {
          cache.set(keyOf(t), vectors[i]!);
          return `${JSON.stringify({ k: keyOf(t), v: Buffer.from(vectors[i]!.buffer).toString('base64') })}\n`;
        })
        .join(''),
    );
  }
  return new Map(unique.map((t) => [t, cache.get(keyOf(t))!]));
}

/** A lookup of a pair's vectors for the posts and profiles given (encoded once up front; others: undefined). */
export async function meaningLookup(
  items: Iterable<Pick<ScoringItem, 'title' | 'body'>>,
  profiles: Iterable<ScoringProfile>,
): Promise<
  (item: Pick<ScoringItem, 'title' | 'body'>, profile: ScoringProfile) => MeaningVectors | undefined
> {
  const ps = [...profiles];
  const texts = [...[...items].map(itemText), ...ps.flatMap(profileTexts)];
  const vectors = await vectorsOf(texts);
  const ofProfile = new Map(ps.map((p) => [p, profileTexts(p).map((t) => vectors.get(t)!)]));
  return (item, profile) => {
    const post = vectors.get(itemText(item));
    const prof = ofProfile.get(profile);
    return post && prof ? { post, profile: prof } : undefined;
  };
}
