import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible chat-completions server; each request's behaviour is chosen by `mode:NAME` in the
 * post title, else by the server's `mode` (default `valid`), which a test may change. `slow` answers after
 * `slowMs` (1,500 ms).
 */
export function startFakeLlm(opts: { slowMs?: number } = {}) {
  const state = { mode: 'valid' };
  const requests: { headers: IncomingMessage['headers']; body: any }[] = [];
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw);
    requests.push({ headers: req.headers, body });
    const prompt: string = body.messages.at(-1).content;
    const mode = /mode:(\w+)/.exec(prompt)?.[1] ?? state.mode;
    const reply = (content: string, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        status === 200
          ? JSON.stringify({
              id: 'chatcmpl-1',
              object: 'chat.completion',
              model: body.model,
              choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
              usage: { prompt_tokens: 1000, completion_tokens: 100, total_tokens: 1100 },
            })
          : content,
      );
    };
    const isReply = body.response_format?.json_schema?.name === 'lead_reply';
    switch (mode) {
      case 'valid':
        return reply(
          isReply
            ? JSON.stringify({
                reply:
                  'Look for reminders and deposits. Disclosure: I work on SlotBook (https://slotbook.example).',
              })
            : JSON.stringify({
                score: 91,
                stage: 'comparing',
                reason: 'wants an alternative to Calendly for a salon',
                sellerSide: false,
              }),
        );
      case 'fenced':
        return reply(
          '```json\n{"score": 77, "stage": "solution-seeking", "reason": "asks for booking software", "sellerSide": false}\n```',
        );
      case 'seller':
        return reply(
          JSON.stringify({
            score: 60,
            stage: 'solution-seeking',
            reason: 'promotes own app',
            sellerSide: true,
          }),
        );
      case 'badjson':
        return reply('Sure! Here is my answer: score 80');
      case 'schema':
        return reply(JSON.stringify({ score: 500, stage: 'hot', reason: '', sellerSide: 'no' }));
      case 'longreply':
        return reply(JSON.stringify({ reply: `${'word '.repeat(150)}SlotBook` }));
      case 'slow':
        setTimeout(
          () => reply(JSON.stringify({ score: 50, stage: null, reason: 'late', sellerSide: false })),
          opts.slowMs ?? 1500,
        );
        return;
      case 'ratelimited':
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '20' });
        return res.end(
          JSON.stringify({ error: { message: 'Rate limit reached', type: 'rate_limit_error' } }),
        );
      default:
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'internal error' } }));
    }
  });
  return new Promise<{
    url: string;
    requests: typeof requests;
    /** Sets the behaviour of requests whose title names no mode. */
    setMode: (mode: string) => void;
    close: () => Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/v1`,
        requests,
        setMode: (mode) => {
          state.mode = mode;
        },
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
