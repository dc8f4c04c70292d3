// Checks the layering of src/ from its relative imports; exits 1 listing every offender.
// Rules: no import circle; capabilities and domain never import a transport, and the tool endpoint and the CLI never
// import the HTTP transport; the domain does no I/O; no file over 600 lines (docs/decisions/0112-layering-check.md).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

const MAX_LINES = 600;
/** Over MAX_LINES until their splits land (issue 36); remove each entry when its file is split. */
const LONG_FILES_ALLOWED = new Set<string>([]);
/** The transports and the composition root: nothing below them imports them. */
const TRANSPORTS = ['src/http/', 'src/mcp/', 'src/cli/', 'src/jobs/', 'src/control/', 'src/main.ts'];
/** Transports that must not reach into another: the tool endpoint and the CLI share src/contract/ with HTTP instead. */
const NOT_INTO_ANOTHER: [from: string, to: string][] = [
  ['src/mcp/', 'src/http/'],
  ['src/cli/', 'src/http/'],
  ['src/cli/', 'src/mcp/'],
];
/** What the pure core may import: itself, the contract and the clock's type. */
const DOMAIN_MAY_IMPORT = ['src/domain/', 'src/contract/', 'src/clock.ts'];
/** Packages that do I/O (files, network, processes, databases, mail): never imported by the domain. */
const IO_PACKAGE =
  /^(?:node:)?(?:fs|fs\/promises|net|http|https|http2|dgram|dns|tls|child_process|worker_threads|cluster)$|^(?:pg|pg-boss|@electric-sql\/pglite|undici|nodemailer|pino)(?:\/|$)/;

const root = join(dirname(new URL(import.meta.url).pathname), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

const files = sourceFiles('src');
const texts = new Map(files.map((f) => [f, readFileSync(join(root, f), 'utf8')]));

/** Every import of a file (static, type-only, re-export and dynamic), as written. */
const specifiers = new Map(
  files.map((f) => [f, ts.preProcessFile(texts.get(f)!, true, true).importedFiles.map((i) => i.fileName)]),
);
/** The relative imports, as paths from the repository root. */
const graph = new Map(
  files.map((f) => [
    f,
    specifiers
      .get(f)!
      .filter((name) => name.startsWith('.'))
      .map((name) => relative(root, join(root, dirname(f), name))),
  ]),
);
const problems: string[] = [];

// Circles: the strongly connected components of the graph with more than one file (or a file importing itself).
{
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.includes(v))
        problems.push(`import circle: ${component.sort().join(' <-> ')}`);
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
}

const under = (file: string, prefixes: string[]) => prefixes.some((p) => file === p || file.startsWith(p));

for (const [file, imports] of graph) {
  const isTransport = under(file, TRANSPORTS);
  for (const target of imports) {
    if (!isTransport && under(target, TRANSPORTS)) problems.push(`${file} imports the transport ${target}`);
    for (const [from, to] of NOT_INTO_ANOTHER)
      if (file.startsWith(from) && target.startsWith(to)) problems.push(`${file} imports ${target}`);
    if (under(file, ['src/domain/']) && !under(target, DOMAIN_MAY_IMPORT))
      problems.push(`${file} (domain, no I/O) imports ${target}`);
  }
  if (under(file, ['src/domain/']) && !/\.test\.tsx?$/.test(file))
    for (const name of specifiers.get(file)!)
      if (IO_PACKAGE.test(name)) problems.push(`${file} (domain, no I/O) imports ${name}`);
  const generated = /^\/\/ (Generated|GENERATED)/.test(texts.get(file)!);
  if (!/\.test\.tsx?$/.test(file) && !generated && !LONG_FILES_ALLOWED.has(file)) {
    const lines = texts.get(file)!.split('\n').length - 1;
    if (lines > MAX_LINES) problems.push(`${file} has ${lines} lines (at most ${MAX_LINES})`);
  }
}

if (problems.length) {
  process.stderr.write(`Layering (scripts/layers.ts): ${problems.length} problem(s)\n`);
  for (const p of problems) process.stderr.write(`  ${p}\n`);
  process.exit(1);
}
process.stdout.write(
  `Layering: ${files.length} files under src/, no circle, no import against the layers.\n`,
);
