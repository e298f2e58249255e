/**
 * The dependency rule (README "Layout"), checked on the import
 * specifiers of every .ts file of the repository, read with the TypeScript parser (static and dynamic imports,
 * re-exports; whether an import is type-only):
 *
 *   engine  ←  domain  ←  workers  ←  api          (an arrow points at what may be imported)
 *
 *  - `engine/` imports nothing outside `engine/`: no other folder of the repository, no Node built-in (no I/O), and
 *    of the npm packages only those in ENGINE_PACKAGES (published model code and tables: SGP4, EGM96 and
 *    Harris–Priester coefficients).
 *    The one exception, on purpose: data-only JSON tables under `resources/`, imported with `with { type: 'json' }`
 *    (the IAU 1980 and IAU 2000A nutation series, frames/iau1980.ts and frames/iers2010.ts; the NRLMSISE-00
 *    coefficients, forces/nrlmsise00.ts). `resources/` is the project's one home of vendored data, each table with its
 *    source and license beside it; a JSON import is part of the module graph (no file I/O by the engine, same on Node
 *    and Deno), and moving the tables into `engine/` would put data without code among the code and split the
 *    vendored data over two homes. Anything else under `resources/` (code, other files) is refused like any import.
 *  - `domain/` imports only `engine/` and `domain/`: neither `api/`, `storage/`, `workers/`, `earthData/`, Hono nor SQL
 *    (`@libsql/*`, `libsql`).
 *  - `workers/` imports only `engine/`, `domain/`, `earthData/` and `workers/` (no `api/`, no `storage/`), and no
 *    module a worker thread loads reaches Hono or `@hono/zod-openapi` (the import closure of the worker entries).
 *  - `earthData/` imports only `engine/`, `earthData/`, the data files of `resources/`, and of `domain/` only its content
 *    hash (`domain/contentHash.ts`: the one SHA-256 of the service).
 *  - `storage/` imports only `engine/`, `domain/` and `storage/`.
 *  - No import cycle except through type-only imports.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** npm packages `engine/` may import (package name, or name/ for a path inside it). */
const ENGINE_PACKAGES = ['satellite.js', 'ootk-core/dist/data/values/'];

const ROOT = resolve(import.meta.dirname, '../..');
const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git', 'fixtures', 'data']);

interface ImportEdge {
  /** Repository-relative path of the importing file (POSIX separators). */
  from: string;
  specifier: string;
  /** Repository-relative path of the target for a relative specifier, else null (a package). */
  target: string | null;
  typeOnly: boolean;
  /** The import attribute `type` (`json`), if any. */
  attributeType: string | null;
  line: number;
}

function tsFiles(directory: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(directory)) {
    if (SKIPPED_DIRECTORIES.has(name)) continue;
    const full = join(directory, name);
    if (statSync(full).isDirectory()) out.push(...tsFiles(full));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const posix = (path: string): string => path.split(sep).join('/');

function attributeTypeOf(node: ts.ImportDeclaration | ts.ExportDeclaration): string | null {
  const attributes = node.attributes;
  if (!attributes) return null;
  for (const element of attributes.elements) {
    if (element.name.getText() === 'type' && ts.isStringLiteral(element.value)) return element.value.text;
  }
  return null;
}

/** Every import of one file: declarations, re-exports, dynamic `import()` and `import('…')` types. */
function importsOf(file: string): ImportEdge[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const from = posix(relative(ROOT, file));
  const edges: ImportEdge[] = [];
  const add = (specifier: string, node: ts.Node, typeOnly: boolean, attributeType: string | null = null) => {
    const target = specifier.startsWith('.') ? posix(relative(ROOT, resolve(dirname(file), specifier))) : null;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    edges.push({ from, specifier, target, typeOnly, attributeType, line });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const allNamedTypes = bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
      const typeOnly = clause !== undefined && (clause.isTypeOnly || (clause.name === undefined && allNamedTypes));
      add(node.moduleSpecifier.text, node, typeOnly, attributeTypeOf(node));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const allTypes = clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier.text, node, node.isTypeOnly || allTypes, attributeTypeOf(node));
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      add(node.arguments[0].text, node, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, node, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

const topFolder = (path: string): string => path.split('/')[0]!;
const describeEdge = (e: ImportEdge): string => `${e.from}:${e.line} imports '${e.specifier}'`;

const files = tsFiles(ROOT);
const edges = files.flatMap(importsOf);

test('the import scan reads the whole tree (engine, domain, earthData, workers, storage, api and their imports)', () => {
  for (const folder of ['engine', 'domain', 'earthData', 'workers', 'storage', 'api']) {
    assert.ok(edges.some((e) => e.from.startsWith(`${folder}/`)), `no import found in ${folder}/`);
  }
  // every relative import points at a file that exists (a path this scan resolved wrongly would hide a breach)
  const missing = edges.filter((e) => e.target !== null && !existsSync(join(ROOT, e.target)));
  assert.deepEqual(missing.map(describeEdge), []);
});

test('engine/ imports nothing outside engine/ (except the data-only JSON tables of resources/)', () => {
  const breaches: string[] = [];
  for (const e of edges.filter((x) => topFolder(x.from) === 'engine')) {
    if (e.target !== null) {
      if (e.target.startsWith('engine/')) continue;
      if (e.target.startsWith('resources/') && e.target.endsWith('.json') && e.attributeType === 'json') continue;
      breaches.push(`${describeEdge(e)}: outside engine/`);
    } else if (!ENGINE_PACKAGES.some((p) => e.specifier === p || (p.endsWith('/') ? e.specifier.startsWith(p) : e.specifier.startsWith(`${p}/`)))) {
      breaches.push(`${describeEdge(e)}: ${e.specifier.startsWith('node:') ? 'a Node built-in (no I/O in engine/)' : 'a package not in ENGINE_PACKAGES'}`);
    }
  }
  assert.deepEqual(breaches, []);
});

/** Relative imports of `folder` that point outside the folders it may import (and, where allowed, resources/ data). */
function breachesOf(folder: string, allowed: readonly string[], resourcesData = false): string[] {
  return edges
    .filter((e) => topFolder(e.from) === folder && e.target !== null)
    .filter((e) => !allowed.includes(topFolder(e.target!)) && !(resourcesData && e.target!.startsWith('resources/') && !e.target!.endsWith('.ts')))
    .map((e) => `${describeEdge(e)}: ${folder}/ may import only ${allowed.join(', ')}`);
}

const HONO_OR_SQL = /^(hono|@hono\/|@libsql\/|libsql$)/;

test('domain/ imports only engine/ and domain/: no api/, storage/, workers/, earthData/, Hono or SQL', () => {
  const packages = edges.filter((e) => topFolder(e.from) === 'domain' && e.target === null && HONO_OR_SQL.test(e.specifier)).map(describeEdge);
  assert.deepEqual([...breachesOf('domain', ['engine', 'domain']), ...packages], []);
});

test('workers/ imports only engine/, domain/, earthData/ and workers/ (no api/, no storage/)', () => {
  assert.deepEqual(breachesOf('workers', ['engine', 'domain', 'earthData', 'workers']), []);
});

test('earthData/ imports only engine/, domain/contentHash.ts, earthData/ and the data files of resources/', () => {
  const breaches = breachesOf('earthData', ['engine', 'earthData', 'domain'], true);
  const domainImports = edges.filter((e) => topFolder(e.from) === 'earthData' && e.target !== null && topFolder(e.target) === 'domain' && e.target !== 'domain/contentHash.ts').map(describeEdge);
  assert.deepEqual([...breaches, ...domainImports], []);
});

test('storage/ imports only engine/, domain/ and storage/', () => {
  assert.deepEqual(breachesOf('storage', ['engine', 'domain', 'storage']), []);
});

/**
 * Every module a worker thread loads: the runtime import closure (static and dynamic imports; type-only ones left
 * out) of the worker entries. None may be Hono, `@hono/zod-openapi` or a module of api/ or storage/: each thread
 * would load the HTTP stack (and the zod extension) for nothing.
 */
test('no worker thread loads Hono, @hono/zod-openapi, api/ or storage/ (import closure of the worker entries)', () => {
  const entries = ['workers/piscinaWorker.ts', 'workers/denoWorker.ts'];
  const runtime = new Map<string, ImportEdge[]>();
  for (const e of edges) if (!e.typeOnly) runtime.set(e.from, [...(runtime.get(e.from) ?? []), e]);
  const loaded = new Set<string>(entries);
  const packages = new Map<string, string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const e of runtime.get(file) ?? []) {
      if (e.target === null) {
        if (!packages.has(e.specifier)) packages.set(e.specifier, file);
      } else if (e.target.endsWith('.ts') && !loaded.has(e.target)) {
        loaded.add(e.target);
        queue.push(e.target);
      }
    }
  }
  // the walk reaches what the tasks run (a closure that stopped early would prove nothing)
  for (const file of ['workers/tasks.ts', 'domain/ephemerisBatch/request.ts', 'domain/maneuvers/ocm.ts', 'earthData/files.ts']) {
    assert.ok(loaded.has(file), `the closure of the worker entries reaches ${file}`);
  }
  const refusedModules = [...loaded].filter((f) => ['api', 'storage'].includes(topFolder(f)));
  const refusedPackages = [...packages].filter(([name]) => HONO_OR_SQL.test(name)).map(([name, from]) => `${name} (imported by ${from})`);
  assert.deepEqual([...refusedModules, ...refusedPackages], []);
});

/** Strongly connected components (Tarjan) of the runtime import graph of the source folders, larger than one file. */
function importCycles(): string[][] {
  const graph = new Map<string, string[]>();
  const sourceFolders = new Set(['engine', 'domain', 'earthData', 'workers', 'storage', 'api', 'resources']);
  for (const e of edges) {
    if (e.typeOnly || e.target === null || !sourceFolders.has(topFolder(e.from)) || !e.target.endsWith('.ts')) continue;
    if (!graph.has(e.from)) graph.set(e.from, []);
    graph.get(e.from)!.push(e.target);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  const connect = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);
  return components;
}

test('no import cycle except through type-only imports', () => {
  const cycles = importCycles();
  assert.deepEqual(cycles.map((c) => `${c.length} files: ${c.join(', ')}`), []);
});

/**
 * api/ reaches the compute pool through the pool and the task contracts only (workers/contracts.ts): a task module
 * loads the engine, which must stay off the event-loop thread, and a value imported from one (a constant) would load
 * it there. Type-only imports are held to the same rule, so the contracts stay in one place.
 */
const API_WORKER_MODULES = ['workers/pool.ts', 'workers/poolTypes.ts', 'workers/handOver.ts', 'workers/contracts.ts'];

test('api/ imports from workers/ only the pool (pool, poolTypes, handOver) and the task contracts', () => {
  const breaches = edges
    .filter((e) => topFolder(e.from) === 'api' && e.target !== null && topFolder(e.target) === 'workers' && !API_WORKER_MODULES.includes(e.target))
    .map((e) => `${describeEdge(e)}: api/ may import from workers/ only ${API_WORKER_MODULES.join(', ')}`);
  assert.deepEqual(breaches, []);
});

test('workers/contracts.ts imports values from nowhere (types only): importing it loads nothing', () => {
  const values = edges.filter((e) => e.from === 'workers/contracts.ts' && !e.typeOnly).map(describeEdge);
  assert.deepEqual(values, []);
});

/**
 * Every enum of the API is built from a constant of the model (domain/, or engine/ for the engine's own vocabularies):
 * a `z.enum` of string literals in api/ would be a second definition of a value set the rows, the rules and the
 * answers must share. Not the model's, so spelled where they are used: the text of a boolean query flag, RFC 6750's
 * `invalid_token`, and the service's own health and readiness states.
 */
const API_VOCABULARIES = new Set(['api/schemas/queryFlag.ts', 'api/openapi.ts', 'api/routes/health.ts', 'api/routes/service.ts']);

test('every z.enum of api/ is built from a constant of domain/ (or engine/), not a list of literals', () => {
  const spelled: string[] = [];
  for (const file of files) {
    const path = posix(relative(ROOT, file));
    if (!path.startsWith('api/') || API_VOCABULARIES.has(path)) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/z\.enum\(\[\s*['"]/g)) spelled.push(`${path}:${text.slice(0, match.index).split('\n').length}`);
    for (const match of text.matchAll(/\[\s*'(?:QUEUED|RUNNING|SUCCEEDED|FAILED|CANCELLED)'\s*,\s*'(?:QUEUED|RUNNING|SUCCEEDED|FAILED|CANCELLED|RETRYING)'/g)) {
      spelled.push(`${path}:${text.slice(0, match.index).split('\n').length} (a list of job statuses: domain/jobs/model.ts)`);
    }
  }
  assert.deepEqual(spelled, []);
});

/**
 * The screening hands its approaches to the events as typed observations (domain/screenings/approachObservations.ts →
 * api/services/conjunctions/ingest.ts ingestObservations): nothing on that path reads a CDM back (no KVN parsed, no
 * identity from `OBJECT_DESIGNATOR`, no radius from an `HBR =` comment). A CDM is still written, for download only.
 */
const SCREENING_HAND_OFF = ['workers/screeningTasks.ts', 'domain/screenings/approachObservations.ts', 'api/jobs/screeningRunner.ts'];
const CDM_READERS = new Set(['parseCdm', 'CdmParser', 'readCdmMessage', 'readCdmText', 'ingestCdmFiles']);

test('the screening → events hand-off reads no CDM: its modules import no CDM reader', () => {
  const breaches: string[] = [];
  for (const path of SCREENING_HAND_OFF) {
    const source = ts.createSourceFile(path, readFileSync(join(ROOT, path), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) if (CDM_READERS.has(element.name.text)) breaches.push(`${path} imports ${element.name.text}`);
      } else if (bindings && ts.isNamespaceImport(bindings)) {
        breaches.push(`${path} imports a namespace (${(statement.moduleSpecifier as ts.StringLiteral).text}): name what it uses`);
      }
    }
  }
  assert.ok(readFileSync(join(ROOT, 'api/jobs/screeningRunner.ts'), 'utf8').includes('ingestObservations'), 'the merge stores its events through ingestObservations');
  assert.deepEqual(breaches, []);
});

/**
 * The service's model lives in domain/ (`domain/<capability>/model.ts`): storage/ maps rows to those types and
 * exports only its own vocabulary — filters and queries, row and column shapes, claims of a leased job, the scope of
 * an update — never a record type of the model, and re-exports nothing of domain/. storage/sql/ is the mechanism
 * (connections, transactions, leases, paging) and exports its own types.
 */
const STORAGE_TYPE_NAME = /(Filter|Query|Row|RowValues|Columns|InsertContext|Scope|Update|Match|Outcome|Range)$|^Claimed/;

test('storage/ exports no type of the model: its types are filters, rows, claims and scopes (the model is domain/)', () => {
  const breaches: string[] = [];
  for (const file of files) {
    const path = posix(relative(ROOT, file));
    if (!path.startsWith('storage/') || path.startsWith('storage/sql/')) continue;
    const source = ts.createSourceFile(path, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    for (const statement of source.statements) {
      const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (exported && (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && !STORAGE_TYPE_NAME.test(statement.name.text)) {
        breaches.push(`${path} exports type ${statement.name.text}: a type of the model belongs in domain/<capability>/model.ts`);
      }
      if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) breaches.push(`${path} re-exports from ${(statement.moduleSpecifier as ts.StringLiteral).text}`);
    }
  }
  assert.deepEqual(breaches, []);
});
