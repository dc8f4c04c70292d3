// A worker thread of scripts/meaning-lib.ts: encodes the texts it is sent with the service's own encoder.
import { parentPort } from 'node:worker_threads';
import { createEmbedder } from '../src/scoring/embedder.ts';

// One encoder thread each: meaning-lib.ts already spreads the texts over its workers.
const embedder = createEmbedder({ threads: 1 });
parentPort!.on('message', async (texts: string[]) => {
  const vectors = await embedder.embed(texts);
  parentPort!.postMessage(vectors.map((v) => v.buffer));
});
