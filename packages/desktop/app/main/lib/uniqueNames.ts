/**
 * Names the user tells apart (MCP servers, providers) are unique by their nameKey
 * (shared/contracts/names.ts): case, full-width forms, invisible characters and look-alike letters of
 * other scripts do not make a new name. Every place that looks a name up, refuses a taken one or
 * picks a free one goes through here, so they cannot disagree.
 */
import { nameKey, sameSpelling } from '../../shared/contracts/names';
import { AppError } from './errors';

/** Whether two names are one name. */
export function sameName(a: string, b: string): boolean {
  return nameKey(a) === nameKey(b);
}

/** The item whose name is `name` in that sense, if any. */
export function findNamed<T extends { name: string }>(items: Iterable<T>, name: string): T | undefined {
  const key = nameKey(name);
  for (const item of items) if (nameKey(item.name) === key) return item;
  return undefined;
}

/**
 * `base`, or `base 2`, `base 3`… — the first that is not taken; `base` is cut so the suffix fits
 * `maxLength`.
 */
export function freeName(base: string, takenNames: Iterable<string>, maxLength: number): string {
  const taken = new Set(Array.from(takenNames, nameKey));
  if (!taken.has(nameKey(base))) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base.slice(0, maxLength - String(n).length - 1)} ${n}`;
    if (!taken.has(nameKey(candidate))) return candidate;
  }
}

/**
 * Refuses `name` when another record holds it: field `name`, code `duplicate` when spelled the same
 * (but for case and spaces), `confusable` when it only looks the same (`gіthub` with a Cyrillic і);
 * `params.name` is the existing record's name. `owner` is the record holding the name, if any.
 */
export function assertNameFree(name: string, owner: { id: string; name: string } | undefined, exceptId?: string): void {
  if (owner === undefined || owner.id === exceptId) return;
  throw AppError.validation([{ field: 'name', code: sameSpelling(owner.name, name) ? 'duplicate' : 'confusable', params: { name: owner.name } }]);
}
