import type { TFunction } from 'i18next';
import { failureReasonKey } from '@elftia/desktop/shared/contracts/mcp-connection.ts';

/**
 * The translated message of an error code that arrives as a plain string — a message's
 * `error.code`, a tool call's `errorCode`, a notice, a provider test's `code` — with INTERNAL's
 * message for a code this build has no text for (a newer main process), rather than the raw key.
 * When the parameters name what happened (`cause`: an exit code, a reset, an HTTP status) or the
 * failure behind NOT_CONNECTED (`lastError`), that sentence follows.
 */
export function errorText(t: TFunction, code: string, params: Record<string, string | number> = {}): string {
  const message = t([`common/errors:errors.${code}`, 'common/errors:errors.INTERNAL'], params);
  const reasonKey = failureReasonKey(params);
  const reason = reasonKey === undefined ? '' : t(`common/errors:${reasonKey}`, { ...params, defaultValue: '' });
  // Joined by the language's own rule: a space in English, none in Chinese and Japanese.
  return reason === '' ? message : t('common/errors:withReason', { message, reason });
}
