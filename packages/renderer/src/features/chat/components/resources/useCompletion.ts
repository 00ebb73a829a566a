import { useEffect, useRef, useState } from 'react';
import type { CompleteInput } from '@elftia/desktop/shared/contracts/mcp-resources.ts';
import { useApi } from '../../../../lib/api';

/** Wait after the last key before asking the server (a completion is a round trip per request). */
const COMPLETION_DELAY_MS = 200;

/**
 * Suggestions from `completion/complete` for the field being typed in: asked again a moment after
 * each change; an answer to an older value is dropped; a failure is no suggestions (typing goes on).
 */
export function useCompletion(request: CompleteInput | undefined): string[] {
  const api = useApi();
  // Which argument the values are for: another field's older answer is never shown under this one.
  const [answer, setAnswer] = useState<{ argument: string; values: string[] }>({ argument: '', values: [] });
  const key = request ? JSON.stringify(request) : '';
  const latest = useRef(key);
  latest.current = key;
  useEffect(() => {
    // By value: a new request object on each render must not ask again.
    const request = key === '' ? undefined : (JSON.parse(key) as CompleteInput);
    if (!request) return;
    const timer = setTimeout(() => {
      api.resources.complete.query(request).then(
        (answer) => {
          if (latest.current === key) setAnswer({ argument: request.argument.name, values: answer.values });
        },
        () => {
          if (latest.current === key) setAnswer({ argument: request.argument.name, values: [] });
        },
      );
    }, COMPLETION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, api]);
  return request && answer.argument === request.argument.name ? answer.values : [];
}
