/**
 * Checks a real response against the OpenAPI document the service serves: the operation (method + path template)
 * must document the status; the body must be of a documented media type and, for JSON, valid against its schema
 * (JSON Schema 2020-12, the dialect of OpenAPI 3.1, by Ajv); documented required headers must be present; an empty
 * body is allowed only where the response has no content or says `x-apsis-body-optional`.
 *
 * The test harness (test/helpers/service.ts) runs every response of every HTTP test through this, so an operation
 * that answers something its document does not say fails the test that saw it.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type Json = Record<string, unknown>;

// ajv-formats is CommonJS: its default export is the function (or holds it).
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

interface OperationEntry {
  method: string;
  template: string;
  pattern: RegExp;
  parameterCount: number;
  operation: Json;
}

/** Base id under which each component schema is registered on its own (`<base>/<name>`). */
const SCHEMA_ID_BASE = 'https://apsis.invalid/openapi/components/schemas/';
const LOCAL_SCHEMA_REF = '#/components/schemas/';

/** A deep copy whose `#/components/schemas/X` references point at the separately registered schema X. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    const out: Json = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] = key === '$ref' && typeof v === 'string' && v.startsWith(LOCAL_SCHEMA_REF) ? `${SCHEMA_ID_BASE}${v.slice(LOCAL_SCHEMA_REF.length)}` : rewriteRefs(v);
    }
    return out;
  }
  return value;
}

export class OpenApiContract {
  private readonly ajv: Ajv2020;
  private readonly operations: OperationEntry[] = [];
  private readonly validators = new Map<string, ValidateFunction>();

  /** Why `value` does not validate against `schema` (a schema of the document, its $refs resolved): empty when it does. */
  problemsOf(schema: Json, value: unknown): string[] {
    const validate = this.ajv.compile(rewriteRefs(schema) as Json);
    if (validate(value)) return [];
    return (validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  }

  constructor(readonly document: Json) {
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true, validateSchema: false, code: { optimize: false } });
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
    // One schema per component: compiling a response compiles only what it references.
    const schemas = (((document.components as Json | undefined)?.schemas as Json | undefined) ?? {}) as Record<string, Json>;
    for (const [name, schema] of Object.entries(schemas)) this.ajv.addSchema(rewriteRefs(schema) as Json, `${SCHEMA_ID_BASE}${name}`);
    for (const [template, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
      const names: string[] = [];
      const body = template
        .split('/')
        .map((segment) => {
          const m = /^\{(.+)\}$/.exec(segment);
          if (m) {
            names.push(m[1]!);
            return '[^/]+';
          }
          return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('/');
      for (const [method, operation] of Object.entries(item)) {
        if (!['get', 'put', 'post', 'patch', 'delete'].includes(method)) continue;
        this.operations.push({ method: method.toUpperCase(), template, pattern: new RegExp(`^${body}$`), parameterCount: names.length, operation: operation as Json });
      }
    }
  }

  /**
   * The documented operation a request reaches, or undefined. The path is the most literal template's that matches it,
   * whatever the method (as the service routes: api/middleware/notFound.ts RouteTable), so `PUT …/maneuvers/export`
   * reaches no operation (a 405), not the PUT of `…/maneuvers/{maneuverId}`.
   */
  operationFor(method: string, path: string): OperationEntry | undefined {
    const matches = this.operations.filter((o) => o.pattern.test(path));
    const fewest = Math.min(...matches.map((o) => o.parameterCount));
    return matches.find((o) => o.parameterCount === fewest && o.method === method.toUpperCase());
  }

  /** Every documented operation as `METHOD /template`. */
  operationKeys(): string[] {
    return this.operations.map((o) => `${o.method} ${o.template}`);
  }

  /** Problems of `response` (already read as `text`) to `METHOD path`; empty when it matches the document. */
  check(method: string, path: string, response: Response, text: string): string[] {
    const entry = this.operationFor(method, path);
    if (!entry) return []; // not an operation (unknown route → 404/405, /docs assets, …)
    const where = `${method} ${entry.template} → ${response.status}`;
    const responses = (entry.operation.responses ?? {}) as Record<string, Json>;
    const documented = responses[String(response.status)] ?? responses[`${String(response.status)[0]}XX`] ?? responses.default;
    if (!documented) return [`${where}: status ${response.status} is not documented (documented: ${Object.keys(responses).join(', ')})`];
    const problems: string[] = [];
    for (const [name, header] of Object.entries((documented.headers ?? {}) as Record<string, Json>)) {
      if (header.required === true && !response.headers.has(name)) problems.push(`${where}: required header ${name} is missing`);
    }
    const content = documented.content as Record<string, Json> | undefined;
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (text === '' && contentType === '') {
      if (content && documented['x-apsis-body-optional'] !== true) problems.push(`${where}: empty body, but the response documents ${Object.keys(content).join(', ')}`);
      return problems;
    }
    if (!content) return [...problems, `${where}: a body (${contentType || 'no Content-Type'}) where the document says none`];
    const media = content[contentType];
    if (!media) return [...problems, `${where}: Content-Type ${contentType || '(none)'} is not documented (${Object.keys(content).join(', ')})`];
    if (contentType !== 'application/json' || !media.schema) return problems;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return [...problems, `${where}: the body is not JSON`];
    }
    const key = `${entry.method} ${entry.template} ${response.status} ${contentType}`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(rewriteRefs(media.schema) as Json);
      this.validators.set(key, validate);
    }
    if (!validate(body)) {
      const details = (validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
      problems.push(`${where}: body does not match the documented schema: ${details.join('; ')}`);
    }
    return problems;
  }
}
