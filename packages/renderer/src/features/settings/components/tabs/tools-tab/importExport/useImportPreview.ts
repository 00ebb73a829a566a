import { useEffect, useState } from 'react';
import type { ImportPreview } from '@elftia/desktop/shared/contracts/mcp-import.ts';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';

/** How long typing may pause before the preview is asked for again. */
const PREVIEW_DELAY_MS = 250;

/**
 * main's preview of `text` with the entries in `skip` left out, asked for again when either changes
 * (after a short pause while typing). Answers to older texts are dropped.
 */
export function useImportPreview(text: string, skip: readonly string[]): { preview: ImportPreview | undefined; failure: DisplayError | undefined } {
  const api = useApi();
  const [preview, setPreview] = useState<ImportPreview>();
  const [failure, setFailure] = useState<DisplayError>();
  const skipKey = skip.join('\n');
  useEffect(() => {
    if (text.trim() === '') {
      setPreview(undefined);
      setFailure(undefined);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      api.mcp.importPreview
        .query({ text, skip: skipKey === '' ? [] : skipKey.split('\n') })
        .then((answer) => {
          if (!current) return;
          setPreview(answer);
          setFailure(undefined);
        })
        .catch((error: unknown) => {
          if (current) setFailure(toDisplayError(error));
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, text, skipKey]);
  return { preview, failure };
}
