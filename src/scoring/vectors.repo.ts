import type { Queryable } from '../db/client.ts';

/** Stored sentence vectors by encoder and text hash (migration 0015), so that no text is encoded twice. */
export function createVectorsRepo(db: Queryable) {
  return {
    async get(encoder: string, hashes: string[]): Promise<Map<string, Float32Array>> {
      if (!hashes.length) return new Map();
      const rows = await db.query<{ text_hash: string; vector: Uint8Array }>(
        'SELECT text_hash, vector FROM text_vectors WHERE encoder = $1 AND text_hash = ANY($2::text[])',
        [encoder, hashes],
      );
      return new Map(
        rows.map((r) => [r.text_hash, new Float32Array(Uint8Array.from(r.vector).buffer)] as const),
      );
    },
    async put(encoder: string, vectors: Map<string, Float32Array>): Promise<void> {
      if (!vectors.size) return;
      const hashes = [...vectors.keys()];
      await db.query(
        `INSERT INTO text_vectors (encoder, text_hash, vector)
         SELECT $1, h, decode(v, 'base64') FROM unnest($2::text[], $3::text[]) AS t(h, v)
         ON CONFLICT (encoder, text_hash) DO NOTHING`,
        [
          encoder,
          hashes,
          hashes.map((h) => {
            const v = vectors.get(h)!;
            return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
          }),
        ],
      );
    },
  };
}
export type VectorsRepo = ReturnType<typeof createVectorsRepo>;
