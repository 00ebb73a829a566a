import { useState } from 'react';
import type { InteractionAnswer, InteractionAnswerResult } from '@elftia/desktop/shared/contracts/interactions.ts';
import type { FieldError } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { type DisplayError, readAppError, toDisplayError } from '../../../../lib/appError';
import { useApi } from '../../../../lib/api';

/**
 * Sends one answer of a pending interaction: busy while it travels, the field errors of a refused
 * form, or the failure to show (the interaction stays, so the user can try again).
 */
export function useAnswer(id: string) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<DisplayError>();
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);

  async function send(answer: InteractionAnswer): Promise<InteractionAnswerResult | undefined> {
    if (busy) return undefined;
    setBusy(true);
    setFailure(undefined);
    setFieldErrors([]);
    try {
      return await api.interactions.answer.mutate({ id, answer });
    } catch (error) {
      const app = readAppError(error);
      if (app?.code === 'VALIDATION' && app.fieldErrors && app.fieldErrors.length > 0) setFieldErrors(app.fieldErrors);
      else setFailure(toDisplayError(error));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return { busy, failure, fieldErrors, setFieldErrors, send };
}
