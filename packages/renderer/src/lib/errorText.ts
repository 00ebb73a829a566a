import type { TFunction } from 'i18next';

/**
 * The translated message of an error code that arrives as a plain string — a message's
 * `error.code`, a tool call's `errorCode`, a notice, a provider test's `code` — with INTERNAL's
 * message for a code this build has no text for (a newer main process), rather than the raw key.
 */
export function errorText(t: TFunction, code: string, params: Record<string, string | number> = {}): string {
  return t([`common/errors:errors.${code}`, 'common/errors:errors.INTERNAL'], params);
}
