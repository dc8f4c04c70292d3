// Builds web/dist with Vite's JS API when it is missing or older than its sources, so a fresh clone's `npm test`
// serves the real dashboard. The stamp is a hash of the sources, not file times (a checkout touches every file).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
const WEB = join(ROOT, 'web');
export const WEB_DIST = join(WEB, 'dist');
const STAMP = join(WEB_DIST, '.source-hash');

function sourceHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (entry.name === 'dist' || entry.name === 'node_modules') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else
        hash
          .update(`${relative(ROOT, path)}\0`)
          .update(readFileSync(path))
          .update('\0');
    }
  };
  walk(WEB);
  // The pure modules the dashboard bundles (money, keyword matching for its marks, …) are sources too.
  walk(join(ROOT, 'src/domain'));
  // The versions of Vite and Preact are inputs too.
  hash.update(readFileSync(join(ROOT, 'package-lock.json')));
  return hash.digest('hex');
}

/** Resolves once web/dist matches web/'s sources; returns whether it had to build. */
export async function ensureWebBuilt(): Promise<boolean> {
  const hash = sourceHash();
  if (existsSync(join(WEB_DIST, 'index.html')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) {
    return false;
  }
  const { build } = await import('vite');
  await build({ configFile: join(WEB, 'vite.config.ts'), logLevel: 'warn' });
  writeFileSync(STAMP, hash);
  return true;
}
