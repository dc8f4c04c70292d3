import { type FakeServer, type Reply, startFakeServer } from './fake-server.ts';

/**
 * An OpenAI-compatible server (POST /v1/chat/completions, POST /v1/embeddings) whose chat answer is `answer(question,
 * n)` for the n-th chat request; usage is 100 prompt and 50 completion tokens per answer. Embeddings are bag-of-words
 * hashes (so similar texts get similar vectors), with 10 prompt tokens per input.
 */
export function startFakeOpenAi(
  answer: (question: string, n: number) => string | Reply,
): Promise<FakeServer> {
  let n = 0;
  return startFakeServer((req) => {
    if (req.method !== 'POST') return { status: 405, json: { error: { message: 'method not allowed' } } };
    const body = JSON.parse(req.body);
    if (req.path === '/v1/embeddings') {
      const input: string[] = body.input;
      return {
        json: {
          object: 'list',
          model: body.model,
          data: input.map((text, index) => ({ object: 'embedding', index, embedding: hashVector(text) })),
          usage: { prompt_tokens: 10 * input.length, total_tokens: 10 * input.length },
        },
      };
    }
    if (req.path !== '/v1/chat/completions')
      return { status: 404, json: { error: { message: 'not found' } } };
    const question: string = body.messages.at(-1).content;
    const out = answer(question, n++);
    if (typeof out !== 'string') return out;
    return {
      json: {
        id: `chatcmpl-${n}`,
        object: 'chat.completion',
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: out }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
      },
    };
  });
}

function hashVector(text: string, dims = 64): number[] {
  const v = new Array(dims).fill(0);
  for (const w of text.toLowerCase().match(/[a-z]{4,}/g) ?? []) {
    let h = 0;
    for (let i = 0; i < w.length; i++) h = (h * 31 + w.charCodeAt(i)) >>> 0;
    v[h % dims] += 1;
  }
  return v;
}
