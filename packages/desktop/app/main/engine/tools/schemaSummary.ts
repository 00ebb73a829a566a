/**
 * A short, readable account of a tool's input schema, for messages to the model (search_tools results,
 * argument errors). One line per top-level property; nested shapes are named, not expanded, so a huge
 * schema cannot flood the context.
 */
import type { JsonSchema } from '../ITool';

/** Longest description kept per property, in characters. */
const MAX_PROPERTY_DESCRIPTION = 160;
/** Properties listed before "… and N more". */
const MAX_PROPERTIES = 25;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeOf(schema: Record<string, unknown>): string {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (schema.const !== undefined) return `exactly ${JSON.stringify(schema.const)}`;
  const union = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(union)) return union.map((branch) => (isObject(branch) ? typeOf(branch) : 'any')).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : typeof schema.type === 'string' ? schema.type : undefined;
  if (type === 'array' && isObject(schema.items)) return `array of ${typeOf(schema.items)}`;
  if (type === 'object' && isObject(schema.properties)) return `object with ${Object.keys(schema.properties).join(', ')}`;
  if (typeof schema.$ref === 'string') return `see ${schema.$ref}`;
  return type ?? 'any';
}

function shorten(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length <= MAX_PROPERTY_DESCRIPTION ? oneLine : `${oneLine.slice(0, MAX_PROPERTY_DESCRIPTION - 1)}…`;
}

/** `- message (string, required): Message to echo`, one line per property; `(no arguments)` when none. */
export function summarizeSchema(schema: JsonSchema): string {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const names = Object.keys(properties);
  if (names.length === 0) return '(no arguments)';
  const lines = names.slice(0, MAX_PROPERTIES).map((name) => {
    const property = isObject(properties[name]) ? properties[name] : {};
    const flags = [typeOf(property), required.has(name) ? 'required' : undefined].filter(Boolean).join(', ');
    const description = typeof property.description === 'string' && property.description ? `: ${shorten(property.description)}` : '';
    return `- ${name} (${flags})${description}`;
  });
  if (names.length > MAX_PROPERTIES) lines.push(`- … and ${names.length - MAX_PROPERTIES} more`);
  return lines.join('\n');
}
