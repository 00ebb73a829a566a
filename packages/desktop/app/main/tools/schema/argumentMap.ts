import { type ArgumentMap, nullRecord } from '../types';

/**
 * Builds the map of one object node: renamed keys (undefined when none was) and the maps of property
 * values (only those that have one, in property order); undefined when empty.
 */
export function objectMap(renamed: Map<string, string> | undefined, children: Array<[string, ArgumentMap]>): ArgumentMap | undefined {
  // Most objects: every key kept, no value needing a map.
  if (!renamed && children.length === 0) return undefined;
  const map: ArgumentMap = {};
  if (renamed) {
    for (const [original, provider] of renamed) {
      if (original === provider) continue;
      map.keys ??= nullRecord();
      map.keys[provider] = original;
    }
  }
  for (const [original, child] of children) {
    map.properties ??= nullRecord();
    map.properties[original] = child;
  }
  return map.keys || map.properties ? map : undefined;
}

/** A union's map: present only when some branch needs mapping. */
export function unionMap(branches: Array<ArgumentMap | undefined>): ArgumentMap | undefined {
  return branches.some(Boolean) ? { anyOf: branches.map((b) => b ?? {}) } : undefined;
}
