import type { FastifyInstance } from 'fastify';
import { enterStatementBound } from '../db/client.ts';

/**
 * Every request's database statements wait at most ms for an answer, so a frozen database server is a prompt
 * 503 rather than a request held until the socket closes (docs/reliability.md, "Database loss"). Set in the
 * first hooks of both request phases: a body is read in the socket's context, which does not carry it over.
 */
export function boundRequestStatements(app: FastifyInstance, ms: number): void {
  const enter = (_request: unknown, _reply: unknown, done: () => void) => {
    enterStatementBound(ms);
    done();
  };
  app.addHook('onRequest', enter);
  app.addHook('preValidation', enter);
}
