import { type ArgumentMap, type NameMapEntry, isPlainObject } from './types';

/**
 * The arguments a provider returned, as the MCP server declared them: renamed keys back to the
 * server's keys (recursively, through nested objects, arrays and unions), string enum values back to
 * their numbers or booleans, JSON text back to values. Keys the map does not know pass through, so
 * the server's own validation reports anything unexpected. Never mutates `args`.
 */
export function mapArgumentsBack(entry: Pick<NameMapEntry, 'argKeyMap'>, args: Record<string, unknown> | undefined): Record<string, unknown> {
  const input = args ?? {};
  const out = mapValue(entry.argKeyMap, input);
  return isPlainObject(out) ? out : input;
}

function mapValue(map: ArgumentMap | undefined, value: unknown): unknown {
  if (!map) return value;
  if (map.anyOf) return mapUnion(map.anyOf, value);
  if (map.jsonText) return typeof value === 'string' ? parseJson(value) : value;
  if (map.enumValues && typeof value === 'string') return Object.hasOwn(map.enumValues, value) ? map.enumValues[value] : value;
  if (Array.isArray(value)) return map.items ? value.map((v) => mapValue(map.items, v)) : value;
  if (isPlainObject(value)) return mapObject(map, value);
  return value;
}

function mapObject(map: ArgumentMap, value: Record<string, unknown>): Record<string, unknown> {
  if (!map.keys && !map.properties && !map.additionalProperties) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const original = map.keys && Object.hasOwn(map.keys, key) ? map.keys[key]! : key;
    const child = map.properties && Object.hasOwn(map.properties, original) ? map.properties[original] : map.additionalProperties;
    // defineProperty: a server key named `__proto__` must stay a key, not replace the prototype.
    Object.defineProperty(out, original, { value: mapValue(child, v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The first branch whose shape fits the value decides; a value no branch maps is left as it is. */
function mapUnion(branches: ArgumentMap[], value: unknown): unknown {
  for (const branch of branches) if (fits(branch, value)) return mapValue(branch, value);
  return value;
}

function fits(map: ArgumentMap, value: unknown): boolean {
  if (map.jsonText || map.enumValues) return typeof value === 'string' && (!map.enumValues || Object.hasOwn(map.enumValues, value));
  if (map.items) return Array.isArray(value);
  if (map.keys || map.properties || map.additionalProperties) return isPlainObject(value);
  return false;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
