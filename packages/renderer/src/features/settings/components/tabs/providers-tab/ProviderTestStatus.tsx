import { useTranslation } from 'react-i18next';
import type { ProviderTestResult } from '@elftia/desktop/shared/contracts/providers.ts';
import { errorText } from '../../../../../lib/errorText';

export type ProviderTestState = { kind: 'testing' } | { kind: 'done'; result: ProviderTestResult } | { kind: 'failed'; code: string };

/** The outcome of "Test connection": the round trip's latency, or why it failed, translated. */
export function ProviderTestStatus({ state }: { state: ProviderTestState | undefined }) {
  const { t } = useTranslation();
  let text: string | undefined;
  let tone: 'ok' | 'error' | undefined;
  if (state?.kind === 'testing') text = t('settings/providers:test.testing');
  else if (state?.kind === 'failed') {
    tone = 'error';
    text = errorText(t, state.code);
  }
  else if (state?.kind === 'done' && state.result.ok) {
    tone = 'ok';
    text = t('settings/providers:test.ok', { ms: Math.round(state.result.latencyMs) });
  } else if (state?.kind === 'done' && !state.result.ok) {
    tone = 'error';
    const { code, status, detail } = state.result;
    text = errorText(t, code, { detail: detail ?? '', status: status ?? '' });
    if (status !== undefined) text = `${text} ${t('settings/providers:test.httpStatus', { status })}`;
  }
  // Always rendered, so the live region exists before its text changes and the result is announced.
  return (
    <p role="status" className={tone ? `provider-test provider-test--${tone}` : 'provider-test'} data-testid="provider-test-result">
      {text}
    </p>
  );
}
