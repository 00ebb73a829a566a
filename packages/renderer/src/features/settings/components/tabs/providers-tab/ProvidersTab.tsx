import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProviderInputParsed, ProviderRecord } from '@elftia/desktop/shared/contracts/providers.ts';
import { ConfirmDialog } from '../../../../../components/ConfirmDialog';
import { useApi } from '../../../../../lib/api';
import { errorMessageKey, toDisplayError } from '../../../../../lib/appError';
import { useTRPC } from '../../../../../lib/query';
import { ProviderForm } from './ProviderForm';
import { ProviderList } from './ProviderList';
import type { ProviderTestState } from './ProviderTestStatus';

type OpenDialog = { kind: 'none' } | { kind: 'add' } | { kind: 'edit' | 'delete'; provider: ProviderRecord };

/**
 * Settings → Providers: the LLM providers, their models and keys, and "Test connection". There is no
 * providers subscription: every change made here invalidates the `providers.list` query, which the
 * chat's picker reads too.
 */
export function ProvidersTab() {
  const { t } = useTranslation();
  const api = useApi();
  const titleId = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: providers, error } = useQuery(trpc.providers.list.queryOptions());
  const loadError: unknown = error ?? undefined;
  const [dialog, setDialog] = useState<OpenDialog>({ kind: 'none' });
  const [tests, setTests] = useState<ReadonlyMap<string, ProviderTestState>>(() => new Map());
  const close = () => setDialog({ kind: 'none' });

  const reload = () => queryClient.invalidateQueries({ queryKey: trpc.providers.list.queryKey() });

  const setTest = (id: string, state: ProviderTestState) => setTests((current) => new Map(current).set(id, state));

  async function test(provider: ProviderRecord) {
    setTest(provider.id, { kind: 'testing' });
    try {
      setTest(provider.id, { kind: 'done', result: await api.providers.test.mutate({ id: provider.id }) });
    } catch (error) {
      setTest(provider.id, { kind: 'failed', code: toDisplayError(error).code });
    }
  }

  async function save(run: () => Promise<ProviderRecord>) {
    const record = await run();
    // A changed key or URL makes an earlier test result stale.
    setTests((current) => {
      const next = new Map(current);
      next.delete(record.id);
      return next;
    });
    await reload();
  }

  const add = (input: ProviderInputParsed) => save(() => api.providers.add.mutate(input));
  const update = (id: string) => (input: ProviderInputParsed) => save(() => api.providers.update.mutate({ id, ...input }));
  async function remove(provider: ProviderRecord) {
    await api.providers.remove.mutate({ id: provider.id });
    await reload();
  }

  return (
    <section className="providers-tab" aria-labelledby={titleId}>
      <div className="section-header">
        <div>
          <h2 id={titleId}>{t('settings/providers:title')}</h2>
          <p className="section-header__description">{t('settings/providers:description')}</p>
        </div>
        <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'add' })}>
          {t('settings/providers:addProvider')}
        </button>
      </div>
      {loadError !== undefined && (
        <p className="form__failure" role="alert">
          {t('settings/providers:loadFailed', { reason: t(errorMessageKey(toDisplayError(loadError).code)) })}
        </p>
      )}
      {providers === undefined ? (
        loadError === undefined && <p className="empty-state">{t('settings/providers:loading')}</p>
      ) : (
        <ProviderList
          providers={providers}
          tests={tests}
          onTest={(provider) => void test(provider)}
          onEdit={(provider) => setDialog({ kind: 'edit', provider })}
          onDelete={(provider) => setDialog({ kind: 'delete', provider })}
        />
      )}
      {dialog.kind === 'add' && <ProviderForm onSubmit={add} onClose={close} />}
      {dialog.kind === 'edit' && <ProviderForm provider={dialog.provider} onSubmit={update(dialog.provider.id)} onClose={close} />}
      {dialog.kind === 'delete' && (
        <ConfirmDialog
          title={t('settings/providers:delete.title', { name: dialog.provider.name })}
          body={t('settings/providers:delete.body')}
          confirmLabel={t('settings/providers:delete.confirm')}
          cancelLabel={t('settings/providers:delete.cancel')}
          onConfirm={() => remove(dialog.provider)}
          onClose={close}
        />
      )}
    </section>
  );
}
