import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { type ArgumentProblem, MAX_ARGUMENT_PROBLEMS, toArgumentProblems } from './argumentProblems';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../lib/jsonDepth';
import { McpServiceError } from './McpServiceError';

type AnyAjv = Ajv | Ajv2019 | Ajv2020;

function createAjv<T extends AnyAjv>(AjvClass: new (options: object) => T): T {
  // strict: false — server schemas routinely carry unknown keywords (`title` on everything,
  // vendor `x-*` fields); they are not ours to reject. allErrors: true — a model fixes a call in one
  // retry only when told every problem, not the first of several.
  const ajv = new AjvClass({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv as unknown as Ajv);
  return ajv;
}

/** Result of compiling a schema: a validator, or nothing when the schema itself is unusable. */
type Compiled = { validate: ValidateFunction } | { validate: undefined; reason: string };

/**
 * Validates tool arguments against the tool's inputSchema before anything is sent, so a model's
 * malformed call fails fast with the field named instead of costing a round trip or reaching a
 * server that does not check.
 *
 * Compiled validators are cached by schema object identity: a tool list refresh brings new schema
 * objects, so stale validators are dropped with the old list (WeakMap).
 */
export class ArgumentValidator {
  private readonly draft7 = createAjv(Ajv);
  private readonly draft2019 = createAjv(Ajv2019);
  private readonly draft2020 = createAjv(Ajv2020);
  private readonly cache = new WeakMap<object, Compiled>();

  /**
   * Throws INVALID_ARGUMENTS with every problem in `fieldErrors` (up to MAX_ARGUMENT_PROBLEMS). A
   * schema that cannot be compiled is not enforced (the server stays the authority), and
   * `onSchemaError` reports it once.
   */
  validate(toolName: string, schema: object, args: unknown, onSchemaError?: (reason: string) => void): void {
    const problems = this.problems(schema, args, onSchemaError);
    if (problems.length > 0) throw invalidArguments(toolName, problems);
  }

  /**
   * `args` without the top-level nulls the schema refuses for optional properties. Models send
   * `null` for "not given" (JSON mode, strict function calling), and the spec reads a null
   * `x-mcp-header` argument as absent (SEP-2243: the header is omitted): such a key is left out,
   * not refused. A null the schema allows is kept, and a null for a required property stays an
   * error of validate().
   */
  withoutRefusedNulls(schema: object, args: Record<string, unknown>, onSchemaError?: (reason: string) => void): Record<string, unknown> {
    const declared = (schema as { required?: unknown }).required;
    const required = new Set(Array.isArray(declared) ? declared : []);
    const nullKeys = Object.keys(args).filter((key) => args[key] === null && !required.has(key));
    if (nullKeys.length === 0) return args;
    const refused = new Set(this.problems(schema, args, onSchemaError).map((problem) => problem.field));
    const dropped = new Set(nullKeys.filter((key) => refused.has(key)));
    if (dropped.size === 0) return args;
    // fromEntries defines own properties: a key named `__proto__` stays a key.
    return Object.fromEntries(Object.entries(args).filter(([key]) => !dropped.has(key)));
  }

  /** Every way `args` misses `schema`, in Ajv's order; none when they fit or the schema is unusable. */
  problems(schema: object, args: unknown, onSchemaError?: (reason: string) => void): ArgumentProblem[] {
    const tooDeep = nestedTooDeep(args);
    if (tooDeep.length > 0) return tooDeep;
    const compiled = this.compile(schema, onSchemaError);
    if (!compiled.validate || compiled.validate(args)) return [];
    const problems = toArgumentProblems(compiled.validate.errors ?? []);
    return problems.length > 0 ? problems : [{ field: '', code: 'invalid', reason: 'is not valid' }];
  }

  private compile(schema: object, onSchemaError?: (reason: string) => void): Compiled {
    const cached = this.cache.get(schema);
    if (cached) return cached;
    const ajv = this.ajvFor(schema);
    const target = withoutId(schema);
    let compiled: Compiled;
    try {
      compiled = { validate: ajv.compile(target) };
    } catch (error) {
      compiled = { validate: undefined, reason: error instanceof Error ? error.message : String(error) };
      onSchemaError?.(compiled.reason);
    } finally {
      // Ajv keeps every compiled schema in a Map of its own; the validator works without it, and
      // keeping it would grow with every tool list refresh.
      ajv.removeSchema(target);
    }
    this.cache.set(schema, compiled);
    return compiled;
  }

  private ajvFor(schema: object): AnyAjv {
    const declared = (schema as { $schema?: unknown }).$schema;
    const dialect = typeof declared === 'string' ? declared : '';
    if (dialect.includes('2020-12')) return this.draft2020;
    if (dialect.includes('2019-09')) return this.draft2019;
    return this.draft7;
  }
}

/**
 * The arguments nested deeper than any server could read back: Ajv and the JSON.stringify that
 * sends them recurse, and overflow the stack (test/mcp/deepNesting.test.ts).
 */
function nestedTooDeep(args: unknown): ArgumentProblem[] {
  if (typeof args !== 'object' || args === null) return [];
  if (Array.isArray(args)) return nestsDeeperThan(args) ? [{ field: '', code: 'invalid', reason: `is nested deeper than ${MAX_JSON_DEPTH} levels` }] : [];
  return Object.entries(args)
    .filter(([, value]) => nestsDeeperThan(value, MAX_JSON_DEPTH - 1))
    .map(([field]) => ({ field, code: 'invalid' as const, reason: `is nested deeper than ${MAX_JSON_DEPTH} levels` }));
}

/**
 * Ajv registers every compiled schema under its `$id` and refuses a second, different schema with
 * the same id — two servers (or two refreshes) may well reuse one. Validation here is per tool, so
 * the root id carries no meaning.
 */
function withoutId(schema: object): object {
  if (!('$id' in schema)) return schema;
  const { $id: _ignored, ...rest } = schema as Record<string, unknown>;
  return rest;
}

export function invalidArguments(toolName: string, problems: ArgumentProblem[]): McpServiceError {
  const listed = problems.slice(0, MAX_ARGUMENT_PROBLEMS);
  const params: Record<string, string | number> = { tool: toolName };
  if (problems.length > listed.length) params.unlisted = problems.length - listed.length;
  return new McpServiceError('INVALID_ARGUMENTS', params, { fieldErrors: listed });
}
