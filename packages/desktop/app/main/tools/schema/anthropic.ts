import type { ArgumentMap, JsonObject } from '../types';
import { emitJsonSchema } from './jsonSchema';
import type { NfObject } from './nf';

/**
 * Anthropic Messages `input_schema`: valid JSON Schema 2020-12 with `type:'object'`
 * at the root and no root `oneOf`/`allOf`/`anyOf`; property keys renamed to `^[a-zA-Z0-9_.-]{1,64}$`
 * with the reverse map returned; no `$schema` (reported as a cause in claude-code #586; stripping it is
 * harmless); draft-4 boolean bounds already converted by the normal form.
 */
export function toAnthropicInputSchema(root: NfObject): { inputSchema: JsonObject; map?: ArgumentMap } {
  const { schema, map } = emitJsonSchema(root, { renameKeys: true });
  return { inputSchema: { ...schema, required: schema.required ?? [] }, map };
}
