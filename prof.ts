import { loadEvalData, SHARED_GROUPS, toItem } from './scripts/eval-lib.ts';
import { scoreItem } from './src/domain/scoring.ts';
import { startProfile, stopProfile } from './bench/cpu-profile.ts';
const all = loadEvalData();
const projects = all.projects.filter((p) => p.group && SHARED_GROUPS.includes(p.group));
const items = [...all.posts.values()].map(toItem);
for (const p of projects) for (const it of items.slice(0, 3000)) scoreItem({ ...it }, p);
const s = await startProfile();
const t = process.cpuUsage();
let n = 0;
for (const p of projects) for (const it of items) { scoreItem({ ...it }, p); n++; }
const u = process.cpuUsage(t);
console.log('single path items/cpu-s', Math.round(n / ((u.user + u.system) / 1e6)));
await stopProfile(s, '/tmp/w/single.cpuprofile');
