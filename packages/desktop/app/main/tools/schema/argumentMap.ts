import { type ArgumentMap, nullRecord } from '../types';

/** Builds the map of one object node: renamed keys and the maps of property values; undefined when empty. */
export function objectMap(renamed: Map<string, string>, children: Map<string, ArgumentMap | undefined>): ArgumentMap | undefined {
  const map: ArgumentMap = {};
  for (const [original, provider] of renamed) {
    if (original === provider) continue;
    map.keys ??= nullRecord();
    map.keys[provider] = original;
  }
  for (const [original, child] of children) {
    if (!child) continue;
    map.properties ??= nullRecord();
    map.properties[original] = child;
  }
  return map.keys || map.properties ? map : undefined;
}

/** A union's map: present only when some branch needs mapping. */
export function unionMap(branches: Array<ArgumentMap | undefined>): ArgumentMap | undefined {
  return branches.some(Boolean) ? { anyOf: branches.map((b) => b ?? {}) } : undefined;
}
