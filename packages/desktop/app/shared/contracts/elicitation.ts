/**
 * A server's form elicitation (`requestedSchema`) as fields the UI renders and main validates.
 *
 * The MCP specification restricts `requestedSchema` to a flat object of primitive properties:
 * strings (minLength / maxLength, format email | uri | date | date-time), numbers and integers
 * (minimum / maximum), booleans, single-select enums (`enum`, `enum` + `enumNames`, or `oneOf` of
 * `{ const, title }`), and multi-select arrays whose `items` are an `enum` or an `anyOf` of
 * `{ const, title }` (minItems / maxItems); each may carry a title, a description and a default.
 * Anything else is the server's mistake, refused with a problem the server can read.
 *
 * Runtime-neutral (no imports beyond contracts): the renderer builds the form from the same fields
 * main checks the answer against, and the CLI prompts one field at a time from them.
 */
import type { FieldError } from './mcp-types';

export const ELICIT_STRING_FORMATS = ['email', 'uri', 'date', 'date-time'] as const;
export type ElicitStringFormat = (typeof ELICIT_STRING_FORMATS)[number];

/** Most fields and options a form may have: a server cannot make the UI render without bound. */
export const ELICIT_MAX_FIELDS = 50;
export const ELICIT_MAX_OPTIONS = 200;

export interface ElicitOption {
  value: string;
  title: string;
}

interface FieldBase {
  /** The property's name: the key of the answer's content. */
  name: string;
  title?: string;
  description?: string;
  required: boolean;
}

export type ElicitField =
  | (FieldBase & { kind: 'text'; format?: ElicitStringFormat; minLength?: number; maxLength?: number; default?: string })
  | (FieldBase & { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; default?: number })
  | (FieldBase & { kind: 'boolean'; default?: boolean })
  | (FieldBase & { kind: 'choice'; options: ElicitOption[]; default?: string })
  | (FieldBase & { kind: 'multi'; options: ElicitOption[]; minItems?: number; maxItems?: number; default?: string[] });

export type ElicitFieldKind = ElicitField['kind'];

export type ElicitFormResult = { ok: true; fields: ElicitField[] } | { ok: false; problem: string };

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const optionalCount = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined);
const optionalNumber = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

class SchemaProblem extends Error {}

function fail(message: string): never {
  throw new SchemaProblem(message);
}

/** The fields of a form elicitation's `requestedSchema`, in the server's order, or why it cannot be used. */
export function parseElicitSchema(schema: unknown): ElicitFormResult {
  try {
    return { ok: true, fields: fieldsOf(schema) };
  } catch (error) {
    if (error instanceof SchemaProblem) return { ok: false, problem: error.message };
    throw error;
  }
}

function fieldsOf(schema: unknown): ElicitField[] {
  if (!isObject(schema) || schema.type !== 'object') fail('requestedSchema must be an object schema ("type": "object")');
  const properties = schema.properties ?? {};
  if (!isObject(properties)) fail('requestedSchema.properties must be an object');
  const names = Object.keys(properties);
  if (names.length > ELICIT_MAX_FIELDS) fail(`requestedSchema has ${names.length} properties; at most ${ELICIT_MAX_FIELDS} are allowed`);
  const required = schema.required ?? [];
  if (!Array.isArray(required) || required.some((name) => typeof name !== 'string')) fail('requestedSchema.required must be an array of property names');
  for (const name of required as string[]) if (!names.includes(name)) fail(`requestedSchema.required names "${name}", which is not a property`);
  return names.map((name) => fieldOf(name, properties[name], (required as string[]).includes(name)));
}

function fieldOf(name: string, property: unknown, required: boolean): ElicitField {
  if (!isObject(property)) fail(`property "${name}" must be a schema object`);
  const base: FieldBase = { name, required };
  const title = optionalString(property.title);
  const description = optionalString(property.description);
  if (title !== undefined) base.title = title;
  if (description !== undefined) base.description = description;
  switch (property.type) {
    case 'string':
      return Array.isArray(property.enum) || Array.isArray(property.oneOf) ? choiceField(base, property) : textField(base, property);
    case 'number':
    case 'integer':
      return numberField(base, property, property.type === 'integer');
    case 'boolean': {
      const field: ElicitField = { ...base, kind: 'boolean' };
      if (property.default !== undefined) {
        if (typeof property.default !== 'boolean') fail(`property "${name}": default must be a boolean`);
        field.default = property.default;
      }
      return field;
    }
    case 'array':
      return multiField(base, property);
    default:
      return fail(`property "${name}" has an unsupported type ${JSON.stringify(property.type)}; use string, number, integer, boolean or an array of enum values`);
  }
}

function textField(base: FieldBase, property: Json): ElicitField {
  const field: ElicitField = { ...base, kind: 'text' };
  if (property.format !== undefined) {
    if (!(ELICIT_STRING_FORMATS as readonly unknown[]).includes(property.format)) fail(`property "${base.name}" has an unsupported format ${JSON.stringify(property.format)}; use ${ELICIT_STRING_FORMATS.join(', ')}`);
    field.format = property.format as ElicitStringFormat;
  }
  const minLength = optionalCount(property.minLength);
  const maxLength = optionalCount(property.maxLength);
  if (minLength !== undefined) field.minLength = minLength;
  if (maxLength !== undefined) field.maxLength = maxLength;
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) fail(`property "${base.name}": minLength is greater than maxLength`);
  if (property.default !== undefined) {
    if (typeof property.default !== 'string') fail(`property "${base.name}": default must be a string`);
    field.default = property.default;
  }
  return field;
}

function numberField(base: FieldBase, property: Json, integer: boolean): ElicitField {
  const field: ElicitField = { ...base, kind: 'number', integer };
  const minimum = optionalNumber(property.minimum);
  const maximum = optionalNumber(property.maximum);
  if (minimum !== undefined) field.minimum = minimum;
  if (maximum !== undefined) field.maximum = maximum;
  if (minimum !== undefined && maximum !== undefined && minimum > maximum) fail(`property "${base.name}": minimum is greater than maximum`);
  if (property.default !== undefined) {
    if (typeof property.default !== 'number' || !Number.isFinite(property.default) || (integer && !Number.isInteger(property.default))) fail(`property "${base.name}": default must be a ${integer ? 'whole number' : 'number'}`);
    field.default = property.default;
  }
  return field;
}

/** `enum` (with the legacy `enumNames` for titles) or `oneOf: [{ const, title }]` on a string. */
function choiceField(base: FieldBase, property: Json): ElicitField {
  const options = Array.isArray(property.oneOf) ? titledOptions(base.name, property.oneOf) : plainOptions(base.name, property.enum as unknown[], property.enumNames);
  const field: ElicitField = { ...base, kind: 'choice', options };
  if (property.default !== undefined) {
    if (typeof property.default !== 'string' || !options.some((option) => option.value === property.default)) fail(`property "${base.name}": default must be one of its values`);
    field.default = property.default;
  }
  return field;
}

function multiField(base: FieldBase, property: Json): ElicitField {
  const items = property.items;
  if (!isObject(items)) fail(`property "${base.name}": an array needs "items" with an enum or anyOf of { const, title }`);
  const options = Array.isArray(items.anyOf)
    ? titledOptions(base.name, items.anyOf)
    : Array.isArray(items.enum) && (items.type === undefined || items.type === 'string')
      ? plainOptions(base.name, items.enum, undefined)
      : fail(`property "${base.name}": only arrays of enum values (multi-select) are supported`);
  const field: ElicitField = { ...base, kind: 'multi', options };
  const minItems = optionalCount(property.minItems);
  const maxItems = optionalCount(property.maxItems);
  if (minItems !== undefined) field.minItems = minItems;
  if (maxItems !== undefined) field.maxItems = maxItems;
  if (minItems !== undefined && maxItems !== undefined && minItems > maxItems) fail(`property "${base.name}": minItems is greater than maxItems`);
  if (property.default !== undefined) {
    const values = new Set(options.map((option) => option.value));
    if (!Array.isArray(property.default) || property.default.some((value) => typeof value !== 'string' || !values.has(value))) fail(`property "${base.name}": default must be a list of its values`);
    field.default = property.default as string[];
  }
  return field;
}

function plainOptions(name: string, values: unknown[], names: unknown): ElicitOption[] {
  checkOptionCount(name, values.length);
  if (values.some((value) => typeof value !== 'string')) fail(`property "${name}": enum values must be strings`);
  const titles = Array.isArray(names) && names.length === values.length && names.every((title) => typeof title === 'string') ? (names as string[]) : undefined;
  return uniqueOptions(name, (values as string[]).map((value, index) => ({ value, title: titles?.[index] ?? value })));
}

function titledOptions(name: string, entries: unknown[]): ElicitOption[] {
  checkOptionCount(name, entries.length);
  return uniqueOptions(
    name,
    entries.map((entry) => {
      if (!isObject(entry) || typeof entry.const !== 'string') fail(`property "${name}": every option needs a string "const"`);
      return { value: entry.const, title: optionalString(entry.title) ?? entry.const };
    }),
  );
}

function checkOptionCount(name: string, count: number): void {
  if (count === 0) fail(`property "${name}" has no options`);
  if (count > ELICIT_MAX_OPTIONS) fail(`property "${name}" has ${count} options; at most ${ELICIT_MAX_OPTIONS} are allowed`);
}

function uniqueOptions(name: string, options: ElicitOption[]): ElicitOption[] {
  if (new Set(options.map((option) => option.value)).size !== options.length) fail(`property "${name}" lists a value twice`);
  return options;
}

export type ElicitValue = string | number | boolean | string[];

/** The values a form starts with: each field's default, where it has one. */
export function elicitDefaults(fields: readonly ElicitField[]): Record<string, ElicitValue> {
  const values: Record<string, ElicitValue> = {};
  for (const field of fields) if (field.default !== undefined) values[field.name] = field.default;
  return values;
}

export type ElicitAnswerResult = { ok: true; content: Record<string, ElicitValue> } | { ok: false; errors: FieldError[] };

/**
 * Checks an accepted form's values against its fields. A field left out (undefined) is absent; an
 * empty text counts as absent too, so a cleared optional field is not sent as "".
 */
export function validateElicitAnswer(fields: readonly ElicitField[], values: Record<string, unknown>): ElicitAnswerResult {
  const errors: FieldError[] = [];
  const content: Record<string, ElicitValue> = {};
  const known = new Set(fields.map((field) => field.name));
  for (const name of Object.keys(values)) if (!known.has(name)) errors.push({ field: name, code: 'unknownField' });
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '') {
      if (field.required) errors.push({ field: field.name, code: 'required' });
      continue;
    }
    const error = fieldError(field, value);
    if (error) errors.push({ field: field.name, ...error });
    else content[field.name] = value as ElicitValue;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, content };
}

type Problem = Omit<FieldError, 'field'>;

function fieldError(field: ElicitField, value: unknown): Problem | undefined {
  switch (field.kind) {
    case 'text':
      if (typeof value !== 'string') return { code: 'wrongType', params: { type: 'string' } };
      if (field.minLength !== undefined && [...value].length < field.minLength) return { code: 'tooShort', params: { min: field.minLength } };
      if (field.maxLength !== undefined && [...value].length > field.maxLength) return { code: 'tooLong', params: { max: field.maxLength } };
      if (field.format !== undefined && !matchesFormat(field.format, value)) return { code: 'wrongFormat', params: { format: field.format } };
      return undefined;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return { code: 'wrongType', params: { type: field.integer ? 'integer' : 'number' } };
      if (field.integer && !Number.isInteger(value)) return { code: 'integer' };
      if (field.minimum !== undefined && value < field.minimum) return { code: 'outOfRange', params: { comparison: '>=', limit: field.minimum } };
      if (field.maximum !== undefined && value > field.maximum) return { code: 'outOfRange', params: { comparison: '<=', limit: field.maximum } };
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : { code: 'wrongType', params: { type: 'boolean' } };
    case 'choice':
      return typeof value === 'string' && field.options.some((option) => option.value === value) ? undefined : notAllowed(field.options);
    case 'multi': {
      if (!Array.isArray(value)) return { code: 'wrongType', params: { type: 'array' } };
      if (value.some((item) => typeof item !== 'string' || !field.options.some((option) => option.value === item)) || new Set(value).size !== value.length) return notAllowed(field.options);
      if (field.minItems !== undefined && value.length < field.minItems) return { code: 'tooFewItems', params: { min: field.minItems } };
      if (field.maxItems !== undefined && value.length > field.maxItems) return { code: 'tooManyItems', params: { max: field.maxItems } };
      return undefined;
    }
    default:
      return undefined;
  }
}

function notAllowed(options: readonly ElicitOption[]): Problem {
  return { code: 'notAllowed', params: { values: options.map((option) => option.title).join(', ') } };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export function matchesFormat(format: ElicitStringFormat, value: string): boolean {
  switch (format) {
    case 'email':
      return EMAIL.test(value);
    case 'uri':
      return isAbsoluteUri(value);
    case 'date': {
      const match = DATE.exec(value);
      if (!match) return false;
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.getUTCDate() === Number(match[3]);
    }
    case 'date-time':
      return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
    default:
      return false;
  }
}

function isAbsoluteUri(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    return new URL(value).protocol.length > 1;
  } catch {
    return false;
  }
}
