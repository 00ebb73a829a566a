import type { ArgumentMap, JsonObject } from '../types';
import { emitJsonSchema } from './jsonSchema';
import type { NfObject } from './nf';

/**
 * OpenAI Chat Completions, non-strict. The root is `{type:'object', properties,
 * required}` ("schema must be a JSON Schema of 'type: \"object\"'", "object schema missing
 * properties", "None is not of type 'array'"); arrays always carry `items`. Property keys are left as
 * the server wrote them: OpenAI documents no key pattern, so renaming would only make calls differ.
 */
export function toOpenAIParameters(root: NfObject): { parameters: JsonObject; map?: ArgumentMap } {
  const { schema, map } = emitJsonSchema(root, { renameKeys: false });
  return { parameters: { ...schema, required: schema.required ?? [] }, map };
}
