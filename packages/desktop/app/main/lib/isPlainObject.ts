/** A JSON object: not null, not an array (what a server's schema or arguments must be before their keys are read). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
