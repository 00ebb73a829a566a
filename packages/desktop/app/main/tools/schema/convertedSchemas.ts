import { type ArgumentMap, type JsonObject, type ProviderFormat, SchemaRepairError } from '../types';
import { isPlainObject } from '../../lib/isPlainObject';
import { toAnthropicInputSchema } from './anthropic';
import { toGeminiParameters } from './gemini';
import type { NfObject } from './nf';
import { normalizeRootSchema } from './normalize';
import { toOpenAIParameters } from './openai';

/**
 * A tool's input schema converted for one provider: `schema` is OpenAI's `parameters`, Anthropic's
 * `input_schema` or Gemini's `parameters` (absent when Gemini takes none), `map` routes the model's
 * argument keys back.
 */
export interface ConvertedSchema {
  schema?: JsonObject;
  map?: ArgumentMap;
}

type Outcome<T> = { ok: T } | { error: SchemaRepairError };

/** A schema's normal form and its conversions so far, by provider (schemaEntry). */
export interface SchemaEntry {
  normal: Outcome<NfObject>;
  converted: Partial<Record<ProviderFormat, Outcome<ConvertedSchema>>>;
}

/**
 * Conversions by the input schema object they were made from. A server's tool list is kept per
 * connection (ListCache) and replaced whole when the server says it changed, so the schema objects
 * are the list's version: an unchanged list converts nothing on the next turn, a changed one only its
 * own tools, and a list or server that is gone takes its entries with it (a WeakMap holds no key alive).
 * The normal form is shared by the three providers (normalize once, project per provider).
 */
const bySchema = new WeakMap<object, SchemaEntry>();

/** How many times a schema was really normalized or converted (cache misses): tests count them. */
export const schemaWork = { normalized: 0, converted: 0 };

/**
 * The cache entry of a tool's input schema, normalized: looked up once per tool and format, then asked
 * for its repair error (repairErrorOf) and its conversion (convertedFrom). A schema that is not an
 * object (a server sent `false` or nothing) has no identity to key on: it gets an entry of its own.
 */
export function schemaEntry(inputSchema: unknown): SchemaEntry {
  if (!isPlainObject(inputSchema)) return { normal: normalize(inputSchema), converted: {} };
  let entry = bySchema.get(inputSchema);
  if (!entry) {
    entry = { normal: normalize(inputSchema), converted: {} };
    bySchema.set(inputSchema, entry);
  }
  return entry;
}

/**
 * Why no provider can take this schema, or undefined when every one can (only the normal form can
 * fail: the projections never do).
 */
export function repairErrorOf(entry: SchemaEntry): SchemaRepairError | undefined {
  return 'error' in entry.normal ? entry.normal.error : undefined;
}

/**
 * The schema for `format`, converted once per entry. Throws SchemaRepairError (every time) for a
 * schema no adapter can make valid. The result is shared between turns (and between OpenAI and
 * Anthropic when they are the same): read it, never change it. It is not frozen because freezing
 * every node cost more than converting it.
 */
export function convertedFrom(entry: SchemaEntry, format: ProviderFormat): ConvertedSchema {
  return unwrap((entry.converted[format] ??= convert(entry, format)));
}

function normalize(inputSchema: unknown): Outcome<NfObject> {
  schemaWork.normalized += 1;
  try {
    return { ok: normalizeRootSchema(inputSchema) };
  } catch (error) {
    if (error instanceof SchemaRepairError) return { error };
    throw error;
  }
}

function convert(entry: SchemaEntry, format: ProviderFormat): Outcome<ConvertedSchema> {
  const { normal } = entry;
  if ('error' in normal) return normal;
  const root = normal.ok;
  switch (format) {
    case 'anthropic':
      return { ok: anthropicSchema(root) };
    case 'openai': {
      // OpenAI's schema is Anthropic's with every key left as the server wrote it: when Anthropic's
      // renamed none, the two are the same, and one emission serves both.
      const anthropic = (entry.converted.anthropic ??= { ok: anthropicSchema(root) });
      if ('ok' in anthropic && !renamesKeys(anthropic.ok.map)) return anthropic;
      schemaWork.converted += 1;
      const { parameters, map } = toOpenAIParameters(root);
      return { ok: withMap({ schema: parameters }, map) };
    }
    case 'google': {
      schemaWork.converted += 1;
      const { parameters, map } = toGeminiParameters(root);
      return { ok: withMap(parameters ? { schema: parameters } : {}, map) };
    }
  }
}

function anthropicSchema(root: NfObject): ConvertedSchema {
  schemaWork.converted += 1;
  const { inputSchema, map } = toAnthropicInputSchema(root);
  return withMap({ schema: inputSchema }, map);
}

function withMap(converted: ConvertedSchema, map: ArgumentMap | undefined): ConvertedSchema {
  if (map) converted.map = map;
  return converted;
}

function unwrap<T>(outcome: Outcome<T>): T {
  if ('error' in outcome) throw outcome.error;
  return outcome.ok;
}

/** Whether an argument map renames some property key (Anthropic's rule), at any depth. */
function renamesKeys(map: ArgumentMap | undefined): boolean {
  if (!map) return false;
  if (map.keys) return true;
  if (map.properties && Object.values(map.properties).some(renamesKeys)) return true;
  if (map.anyOf?.some(renamesKeys)) return true;
  return renamesKeys(map.additionalProperties) || renamesKeys(map.items);
}
