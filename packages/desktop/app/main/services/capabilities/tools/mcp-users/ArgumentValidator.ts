import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { McpServiceError } from './McpServiceError';

type AnyAjv = Ajv | Ajv2019 | Ajv2020;

function createAjv<T extends AnyAjv>(AjvClass: new (options: object) => T): T {
  // strict: false — server schemas routinely carry unknown keywords (`title` on everything,
  // vendor `x-*` fields); they are not ours to reject. allErrors: false — the first error is enough
  // to name the field, and stops early on huge arguments.
  const ajv = new AjvClass({ strict: false, allErrors: false, validateSchema: false });
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
   * Throws INVALID_ARGUMENTS naming the first offending field. A schema that cannot be compiled is not
   * enforced (the server stays the authority), and `onSchemaError` reports it once.
   */
  validate(toolName: string, schema: object, args: unknown, onSchemaError?: (reason: string) => void): void {
    const compiled = this.compile(schema, onSchemaError);
    if (!compiled.validate || compiled.validate(args)) return;
    const error = compiled.validate.errors?.[0];
    throw new McpServiceError('INVALID_ARGUMENTS', {
      tool: toolName,
      field: error ? fieldOf(error) : '',
      reason: error?.message ?? 'invalid',
    });
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
    const dialect = String((schema as { $schema?: unknown }).$schema ?? '');
    if (dialect.includes('2020-12')) return this.draft2020;
    if (dialect.includes('2019-09')) return this.draft2019;
    return this.draft7;
  }
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

/** `/a/0/b` plus a missing property → `a.0.b.c`; the root is ''. */
function fieldOf(error: ErrorObject): string {
  const path = error.instancePath.split('/').slice(1).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const leaf = params.missingProperty ?? params.additionalProperty;
  if (leaf !== undefined) path.push(leaf);
  return path.join('.');
}
