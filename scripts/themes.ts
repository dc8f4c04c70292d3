// Prints the pain-theme figures on the dev profiles' leads (docs/insights.md): `npm run themes`.
import { loadProfiles, themesOf } from './themes-lib.ts';

const show = new Set(process.argv.slice(2).length ? process.argv.slice(2) : ['invoiceowl', 'propdesk']);
const { projects, posts } = loadProfiles();
const started = performance.now();
const all = projects.map((p) => themesOf(p, posts));
const ms = performance.now() - started;
const pct = (n: number) => `${Math.round(n * 100)}%`;
process.stdout.write(
  '| profile | leads | in a theme | themes | within | between | within/between |\n|---|---|---|---|---|---|---|\n',
);
for (const f of all) {
  process.stdout.write(
    `| ${f.key} | ${f.leads} | ${f.themed} (${pct(f.themed / Math.max(1, f.leads))}) | ${f.clusters.length} | ` +
      `${f.within.toFixed(3)} | ${f.between.toFixed(3)} | ${(f.within / f.between).toFixed(2)} |\n`,
  );
}
const usable = all.filter((f) => f.leads >= 10);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
process.stdout.write(
  `\nmean share in a theme ${pct(mean(usable.map((f) => f.themed / f.leads)))}, mean within/between ` +
    `${mean(usable.map((f) => f.within / f.between)).toFixed(2)}; ${all.length} profiles clustered in ${Math.round(ms)} ms\n`,
);
for (const f of all.filter((x) => show.has(x.key))) {
  process.stdout.write(`\n### ${f.name} (${f.key})\n\n`);
  for (const c of f.clusters) {
    process.stdout.write(
      `- **${c.label}** (${c.ids.length} leads): ${c.titles.map((t) => `“${t}”`).join('; ')}\n`,
    );
  }
}
