import type { ErrorObject } from 'ajv';
import type { FieldError } from '../../shared/contracts/mcp-types';

/** One way a tool call's arguments miss the tool's inputSchema; `reason` is Ajv's wording. */
export type ArgumentProblem = FieldError & { reason: string };

/** More problems than this are counted but not listed: a model's broken call can fail on every field. */
export const MAX_ARGUMENT_PROBLEMS = 20;

/** Longest list of allowed values, or pattern, quoted in a problem, in characters. */
const MAX_QUOTE_CHARS = 200;

/**
 * Ajv's errors (validated with allErrors) as problems, one per field and kind, in Ajv's order. Errors
 * from inside one branch of an anyOf/oneOf are left out: that keyword's own error already says the
 * value matched none of them, and listing why each branch failed would blame choices the value never
 * meant to take.
 */
export function toArgumentProblems(errors: readonly ErrorObject[]): ArgumentProblem[] {
  const out = new Map<string, ArgumentProblem>();
  for (const error of errors) {
    if (/\/(?:anyOf|oneOf)\/\d+\//.test(error.schemaPath)) continue;
    const problem = toProblem(error);
    const key = `${problem.field}\u0000${problem.code}`;
    if (!out.has(key)) out.set(key, problem);
  }
  return [...out.values()];
}

function toProblem(error: ErrorObject): ArgumentProblem {
  const field = fieldOf(error);
  const reason = error.message ?? 'is not valid';
  const params = error.params as Record<string, unknown>;
  const problem = (code: FieldError['code'], values?: Record<string, string | number>): ArgumentProblem =>
    values ? { field, code, params: values, reason } : { field, code, reason };
  switch (error.keyword) {
    case 'required':
      return problem('required');
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return problem('unknownField');
    case 'type':
      return problem('wrongType', { type: [params.type].flat().join(' | ') });
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return problem('outOfRange', { comparison: String(params.comparison), limit: Number(params.limit) });
    case 'minLength':
      return problem('tooShort', { min: Number(params.limit) });
    case 'maxLength':
      return problem('tooLong', { max: Number(params.limit) });
    case 'minItems':
      return problem('tooFewItems', { min: Number(params.limit) });
    case 'maxItems':
      return problem('tooManyItems', { max: Number(params.limit) });
    case 'enum':
      return problem('notAllowed', { values: quote(params.allowedValues as unknown[]) });
    case 'const':
      return problem('notAllowed', { values: quote([params.allowedValue]) });
    case 'format':
      return problem('wrongFormat', { format: String(params.format) });
    case 'pattern':
      return problem('patternMismatch', { pattern: cut(String(params.pattern)) });
    default:
      return problem('invalid');
  }
}

function quote(values: unknown[]): string {
  return cut(values.map((value) => JSON.stringify(value)).join(', '));
}

function cut(text: string): string {
  return text.length > MAX_QUOTE_CHARS ? `${text.slice(0, MAX_QUOTE_CHARS)}…` : text;
}

/** `/a/0/b` plus a missing property → `a.0.b.c`; the arguments object itself is ''. */
function fieldOf(error: ErrorObject): string {
  const path = error.instancePath.split('/').slice(1).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as { missingProperty?: string; additionalProperty?: string; unevaluatedProperty?: string };
  const leaf = params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty;
  if (leaf !== undefined) path.push(leaf);
  return path.join('.');
}
