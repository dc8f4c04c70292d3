// Writes the OpenAPI document the service serves to docs/openapi.json; with --check, fails when it is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config/index.ts';
import { openPglite } from '../src/db/client.ts';
import { buildApp } from '../src/http/app.ts';
import { createServices } from '../src/services.ts';

const target = new URL('../docs/openapi.json', import.meta.url);
const db = await openPglite();
const config = loadConfig({ PUBLIC_BASE_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' });
const app = await buildApp({ services: createServices({ db, clock: systemClock, config }) });
await app.ready();
const doc = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await db.close();

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {}
  if (current !== doc) {
    process.stderr.write('docs/openapi.json is stale: run `npm run openapi` and commit it.\n');
    process.exit(1);
  }
} else {
  writeFileSync(target, doc);
}
