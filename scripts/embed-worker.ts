// A worker thread of scripts/meaning-lib.ts: encodes the texts it is sent with the service's own encoder.
import { parentPort } from 'node:worker_threads';
import { createEmbedder } from '../src/scoring/embedder.ts';

const embedder = createEmbedder();
parentPort!.on('message', async (texts: string[]) => {
  const vectors = await embedder.embed(texts);
  parentPort!.postMessage(vectors.map((v) => v.buffer));
});
