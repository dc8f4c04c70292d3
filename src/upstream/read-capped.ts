/** Longest chat-completion answer read (an answer is a few KB; an engine that streams forever stops here). */
export const CHAT_RESPONSE_MAX_BYTES = 2 * 1024 * 1024;

const size = (bytes: number) =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;

/** A response body larger than the caller's cap; reading stopped and the stream was cancelled. */
export class BodyTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number, declared?: number) {
    super(
      declared === undefined
        ? `response body exceeds the ${size(maxBytes)} limit; reading stopped`
        : `response body of ${declared} bytes exceeds the ${size(maxBytes)} limit; not read`,
    );
    this.name = 'BodyTooLargeError';
    this.maxBytes = maxBytes;
  }
}

/**
 * Reads a response body as UTF-8 text, at most `maxBytes` of it: a larger declared length is refused before
 * reading, and a stream that goes past the cap is cancelled there, so an endless answer costs `maxBytes` of memory.
 */
export async function readCapped(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw new BodyTooLargeError(maxBytes, declared);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
