/**
 * Checkers that encode each provider's rules for tool definitions, as the providers'
 * error messages state them (quoted below). They are deliberately independent of
 * the adapters in app/main/tools: nothing is imported from there, so they check the adapters
 * rather than restate them. Each returns the violations found; an empty list means "would be accepted
 * as far as the documented rules and observed errors go".
 */
import { Ajv2020 } from 'ajv/dist/2020.js';

export interface Violation {
  tool: string;
  path: string;
  rule: string;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Anthropic property keys; the same envelope is required of Gemini keys here. */
const PROPERTY_KEY = /^[a-zA-Z0-9_.-]{1,64}$/;

class Report {
  readonly violations: Violation[] = [];
  constructor(private tool = '?') {}
  for(tool: string): Report {
    this.tool = tool;
    return this;
  }
  add(path: string, rule: string): void {
    this.violations.push({ tool: this.tool, path, rule });
  }
}

function checkNames(names: string[], pattern: RegExp, report: Report, label: string): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (!pattern.test(name)) report.for(name).add('name', `${label} name must match ${pattern}`);
    if (seen.has(name)) report.for(name).add('name', 'tool names must be unique (Anthropic: "Tool names must be unique")');
    seen.add(name);
  }
}

function checkCount(count: number, max: number, report: Report, label: string): void {
  if (count > max) report.for('*').add('tools', `${label} accepts at most ${max} tools`);
}

// ---------------------------------------------------------------- JSON Schema (OpenAI, Anthropic)

const JSON_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SUBSCHEMA_SINGLE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties'];

/** Calls `visit` on every sub-schema, following the schema's structure (so a property named `type` is a key, not a keyword). */
function walkJsonSchema(node: unknown, path: string, visit: (node: Json, path: string) => void): void {
  if (!isObject(node)) return;
  visit(node, path);
  for (const map of ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']) {
    const value = node[map];
    if (isObject(value)) for (const [k, v] of Object.entries(value)) walkJsonSchema(v, `${path}.${map}[${JSON.stringify(k)}]`, visit);
  }
  for (const key of SUBSCHEMA_LISTS) if (Array.isArray(node[key])) (node[key] as unknown[]).forEach((v, i) => walkJsonSchema(v, `${path}.${key}[${i}]`, visit));
  for (const key of SUBSCHEMA_SINGLE) {
    const value = node[key];
    if (Array.isArray(value)) value.forEach((v, i) => walkJsonSchema(v, `${path}.${key}[${i}]`, visit));
    else walkJsonSchema(value, `${path}.${key}`, visit);
  }
}

function typesOf(node: Json): unknown[] {
  return Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
}

/** Rules both OpenAI (non-strict) and Anthropic enforce on the schema itself. */
function checkJsonSchemaRoot(schema: unknown, report: Report, label: string): void {
  if (!isObject(schema)) return report.add('schema', `${label}: the schema must be an object`);
  if (schema.type !== 'object') report.add('schema.type', `${label}: root must be type "object" (OpenAI "got 'type: \\"None\\"'")`);
  for (const k of ['anyOf', 'oneOf', 'allOf']) if (k in schema) report.add(`schema.${k}`, `${label}: no ${k} at the top level (Anthropic, OpenAI)`);
  walkJsonSchema(schema, 'schema', (node, path) => {
    for (const t of typesOf(node)) if (typeof t !== 'string' || !JSON_TYPES.has(t)) report.add(`${path}.type`, `unknown type ${JSON.stringify(t)} ("'any' is not valid")`);
    if (typesOf(node).includes('array') && !isObject(node.items)) report.add(path, 'array schema missing items');
    if (typesOf(node).includes('object') && !isObject(node.properties)) report.add(path, 'object schema missing properties');
    if ('required' in node && !(Array.isArray(node.required) && node.required.every((r) => typeof r === 'string'))) report.add(`${path}.required`, 'required must be an array of strings ("None is not of type \'array\'")');
    if ('properties' in node && !isObject(node.properties)) report.add(`${path}.properties`, "properties must be an object (\"[] is not of type 'object'\")");
    if ('$schema' in node) report.add(`${path}.$schema`, '$schema stamps are reported as rejected and unknown to Gemini; none are sent');
  });
}

// Not strict: 2020-12 allows unknown keywords, and no provider rule says otherwise for OpenAI/Anthropic.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

/** "It must match JSON Schema draft 2020-12": the meta-schema, then a compile (which resolves every `$ref`). */
function checkDraft2020(schema: unknown, report: Report): void {
  if (!isObject(schema)) return;
  // Against the 2020-12 meta-schema whatever `$schema` claims: that is what Anthropic validates with.
  const meta = ajv.getSchema('https://json-schema.org/draft/2020-12/schema');
  if (!meta || !meta(schema)) {
    for (const e of meta?.errors ?? []) report.add(`schema${e.instancePath}`, `not valid JSON Schema 2020-12: ${e.message}`);
    return;
  }
  try {
    ajv.compile(schema);
  } catch (error) {
    report.add('schema', `JSON Schema 2020-12 compile failed: ${(error as Error).message}`);
  }
}

// ---------------------------------------------------------------- OpenAI

/** OpenAI Chat Completions, non-strict. */
export function checkOpenAI(tools: unknown): Violation[] {
  const report = new Report();
  if (!Array.isArray(tools)) return [{ tool: '*', path: 'tools', rule: 'tools must be an array' }];
  checkCount(tools.length, 128, report, 'OpenAI');
  const names: string[] = [];
  for (const tool of tools) {
    const fn = isObject(tool) ? tool.function : undefined;
    if (!isObject(tool) || tool.type !== 'function' || !isObject(fn)) {
      report.for('?').add('tool', 'each tool is {type:"function", function:{…}}');
      continue;
    }
    const name = String(fn.name);
    names.push(name);
    report.for(name);
    if (typeof fn.description !== 'string' || fn.description.length > 1024) report.add('function.description', 'description must be a string of at most 1024 characters (string_above_max_length)');
    if (typeof fn.strict !== 'boolean') report.add('function.strict', 'strict must be sent explicitly (the Responses API defaults it to true)');
    checkJsonSchemaRoot(fn.parameters, report, 'OpenAI');
    checkDraft2020(fn.parameters, report);
  }
  checkNames(names, /^[a-zA-Z0-9_-]{1,64}$/, report, 'OpenAI');
  return report.violations;
}

// ---------------------------------------------------------------- Anthropic

/** Anthropic Messages, non-strict tools. */
export function checkAnthropic(tools: unknown): Violation[] {
  const report = new Report();
  if (!Array.isArray(tools)) return [{ tool: '*', path: 'tools', rule: 'tools must be an array' }];
  // No documented cap; 128 is the summary's safe envelope.
  checkCount(tools.length, 128, report, 'Anthropic (safe envelope)');
  const names: string[] = [];
  for (const tool of tools) {
    if (!isObject(tool)) {
      report.for('?').add('tool', 'each tool is {name, description, input_schema}');
      continue;
    }
    const name = String(tool.name);
    names.push(name);
    report.for(name);
    if ('description' in tool && typeof tool.description !== 'string') report.add('description', 'description must be a string');
    checkJsonSchemaRoot(tool.input_schema, report, 'Anthropic');
    checkDraft2020(tool.input_schema, report);
    walkJsonSchema(tool.input_schema, 'input_schema', (node, path) => {
      if (!isObject(node.properties)) return;
      for (const key of Object.keys(node.properties)) if (!PROPERTY_KEY.test(key)) report.add(`${path}.properties`, `Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$': ${JSON.stringify(key)}`);
    });
  }
  checkNames(names, /^[a-zA-Z0-9_-]{1,64}$/, report, 'Anthropic');
  return report.violations;
}

// ---------------------------------------------------------------- Gemini

/** `Schema` fields of the Gemini API (js-genai `types.Schema`); anything else is `Unknown name`. */
const GEMINI_FIELDS = new Set(['anyOf', 'default', 'description', 'enum', 'example', 'format', 'items', 'maximum', 'maxItems', 'maxLength', 'maxProperties', 'minimum', 'minItems', 'minLength', 'minProperties', 'nullable', 'pattern', 'properties', 'propertyOrdering', 'required', 'title', 'type']);
const GEMINI_TYPES = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT']);
/** "for NUMBER type: float, double; for INTEGER type: int32, int64; for STRING type: enum, date-time". */
const GEMINI_FORMATS: Record<string, string[]> = { STRING: ['enum', 'date-time'], NUMBER: ['float', 'double'], INTEGER: ['int32', 'int64'] };

function checkGeminiNode(node: unknown, path: string, report: Report): void {
  if (!isObject(node)) return report.add(path, 'a schema must be an object (boolean schemas are not proto messages)');
  for (const key of Object.keys(node)) if (!GEMINI_FIELDS.has(key)) report.add(`${path}.${key}`, `Unknown name ${JSON.stringify(key)}: Cannot find field`);
  if ('anyOf' in node) {
    if (Object.keys(node).length > 1) report.add(path, 'When using any_of, it must be the only field set (Vertex)');
    if (!Array.isArray(node.anyOf) || node.anyOf.length === 0) return report.add(`${path}.anyOf`, 'anyOf must be a non-empty array');
    node.anyOf.forEach((b, i) => checkGeminiNode(b, `${path}.anyOf[${i}]`, report));
    return;
  }
  if (Array.isArray(node.type)) return report.add(`${path}.type`, 'Proto field is not repeating, cannot start list (type arrays)');
  const type = typeof node.type === 'string' ? node.type.toUpperCase() : '';
  if (!GEMINI_TYPES.has(type)) return report.add(`${path}.type`, `every node needs one type of ${[...GEMINI_TYPES].join('/')} (Invalid value … Type, "${String(node.type)}")`);
  checkGeminiEnumAndFormat(node, type, path, report);
  if ((node.properties !== undefined || node.required !== undefined) && type !== 'OBJECT') report.add(path, 'properties: only allowed for OBJECT type');
  if (type === 'ARRAY') {
    if (!isObject(node.items)) report.add(path, 'items: missing field');
    else checkGeminiNode(node.items, `${path}.items`, report);
  }
  if (type === 'OBJECT') checkGeminiObject(node, path, report);
  if ('nullable' in node && typeof node.nullable !== 'boolean') report.add(`${path}.nullable`, 'nullable must be a boolean');
}

function checkGeminiEnumAndFormat(node: Json, type: string, path: string, report: Report): void {
  if ('enum' in node) {
    if (type !== 'STRING') report.add(`${path}.enum`, 'function declaration enum only allowed for STRING type');
    if (!Array.isArray(node.enum) || node.enum.length === 0) report.add(`${path}.enum`, 'enum must be a non-empty array');
    else node.enum.forEach((v, i) => {
      if (typeof v !== 'string') report.add(`${path}.enum[${i}]`, `Invalid value (TYPE_STRING), ${JSON.stringify(v)}`);
      else if (v === '') report.add(`${path}.enum[${i}]`, 'empty strings in enums are rejected (langchainjs #9875)');
    });
  }
  if ('format' in node && !(GEMINI_FORMATS[type] ?? []).includes(String(node.format))) {
    report.add(`${path}.format`, `format ${JSON.stringify(node.format)} not supported for ${type} (only 'enum' and 'date-time' for STRING)`);
  }
}

function checkGeminiObject(node: Json, path: string, report: Report): void {
  if (!isObject(node.properties) || Object.keys(node.properties).length === 0) {
    return report.add(`${path}.properties`, 'properties: should be non-empty for OBJECT type');
  }
  const keys = Object.keys(node.properties);
  for (const key of keys) {
    if (!PROPERTY_KEY.test(key)) report.add(`${path}.properties`, `property key ${JSON.stringify(key)} outside ^[a-zA-Z0-9_.-]{1,64}$`);
    checkGeminiNode(node.properties[key], `${path}.properties[${JSON.stringify(key)}]`, report);
  }
  if ('required' in node) {
    if (!Array.isArray(node.required)) report.add(`${path}.required`, 'required must be an array');
    else for (const r of node.required) if (typeof r !== 'string' || !keys.includes(r)) report.add(`${path}.required`, `required[${JSON.stringify(r)}]: property is not defined`);
  }
}

/** Gemini generateContent `tools`. */
export function checkGemini(tools: unknown): Violation[] {
  const report = new Report();
  if (!Array.isArray(tools)) return [{ tool: '*', path: 'tools', rule: 'tools must be an array' }];
  const declarations: unknown[] = [];
  for (const tool of tools) {
    if (!isObject(tool) || !Array.isArray(tool.functionDeclarations)) report.for('?').add('tools', 'each entry is {functionDeclarations: [...]}');
    else declarations.push(...tool.functionDeclarations);
  }
  checkCount(declarations.length, 512, report, 'Gemini');
  const names: string[] = [];
  for (const decl of declarations) {
    if (!isObject(decl)) continue;
    const name = String(decl.name);
    names.push(name);
    report.for(name);
    for (const key of Object.keys(decl)) if (!['name', 'description', 'parameters'].includes(key)) report.add(key, `Unknown name ${JSON.stringify(key)} in FunctionDeclaration`);
    if (decl.parameters === undefined) continue;
    const params = decl.parameters;
    if (!isObject(params) || String(params.type).toUpperCase() !== 'OBJECT') report.add('parameters', 'parameters must be type OBJECT (mode ANY + no type object: INVALID_ARGUMENT)');
    checkGeminiNode(params, 'parameters', report);
  }
  // Start with a letter or underscore; letters, digits, _ . : -; 63 in practice.
  checkNames(names, /^[A-Za-z_][A-Za-z0-9_.:-]{0,62}$/, report, 'Gemini');
  return report.violations;
}

export const CHECKERS = { openai: checkOpenAI, anthropic: checkAnthropic, google: checkGemini } as const;
