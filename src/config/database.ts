// Where the data lives: the embedded database's directory, or a PostgreSQL server.
import { resolve } from 'node:path';
import { type Env, type EnvVar, readInt, readUrl } from './read.ts';

export const DATABASE_VARIABLES: EnvVar[] = [
  {
    name: 'DATA_DIR',
    default: '`./data`',
    doc: 'where the embedded database lives',
  },
  {
    name: 'DATABASE_URL',
    default: 'unset',
    doc: 'a PostgreSQL server (`postgres://…`) instead of the embedded database; use one in production (the embedded database serves about 300 lead-list requests a second on 2 cores, PostgreSQL over 1,000: docs/benchmarks.md)',
  },
  {
    name: 'DATABASE_QUERY_TIMEOUT_MS',
    default: '`5000`',
    doc: "a request's PostgreSQL statement unanswered within this is given up and the request answers 503, so a server that freezes without closing its connections cannot hold requests (100 to 600000; background work is not bounded by it)",
  },
];

export function readDatabase(env: Env): {
  dataDir: string;
  databaseUrl: string | null;
  databaseQueryTimeoutMs: number;
} {
  return {
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    databaseQueryTimeoutMs: readInt(env, 'DATABASE_QUERY_TIMEOUT_MS', 5000, 100, 600_000),
  };
}
