import { Pencil, Trash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { defaultModelOf, type ProviderRecord } from '@elftia/desktop/shared/contracts/providers.ts';
import { PROVIDER_KIND_KEYS } from './ProviderForm';
import { type ProviderTestState, ProviderTestStatus } from './ProviderTestStatus';

export interface ProviderListProps {
  providers: ProviderRecord[];
  tests: ReadonlyMap<string, ProviderTestState>;
  onTest: (provider: ProviderRecord) => void;
  onEdit: (provider: ProviderRecord) => void;
  onDelete: (provider: ProviderRecord) => void;
}

export function ProviderList({ providers, tests, onTest, onEdit, onDelete }: ProviderListProps) {
  const { t } = useTranslation();
  if (providers.length === 0) return <p className="empty-state">{t('settings/providers:empty')}</p>;
  return (
    <table className="server-list provider-list" data-testid="provider-list">
      <caption className="visually-hidden">{t('settings/providers:list.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('settings/providers:list.columns.name')}</th>
          <th scope="col">{t('settings/providers:list.columns.kind')}</th>
          <th scope="col">{t('settings/providers:list.columns.models')}</th>
          <th scope="col">{t('settings/providers:list.columns.apiKey')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('settings/providers:list.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {providers.map((provider) => {
          const test = tests.get(provider.id);
          return (
            <tr key={provider.id}>
              <th scope="row" className="server-list__name">
                {provider.name}
                {provider.baseUrl && <span className="provider-list__url mono">{provider.baseUrl}</span>}
              </th>
              <td>{t(PROVIDER_KIND_KEYS[provider.kind])}</td>
              <td>
                {provider.models
                  .map((model) => (model === defaultModelOf(provider) ? t('settings/providers:list.defaultModel', { model }) : model))
                  .join(', ')}
              </td>
              <td>{t(provider.hasApiKey ? 'settings/providers:list.keyStored' : 'settings/providers:list.noKey')}</td>
              <td>
                <div className="server-list__actions">
                  <button
                    type="button"
                    className="button"
                    aria-disabled={test?.kind === 'testing' || undefined}
                    aria-label={t('settings/providers:list.testProvider', { name: provider.name })}
                    onClick={() => test?.kind !== 'testing' && onTest(provider)}
                  >
                    {t('settings/providers:list.test')}
                  </button>
                  <button
                    type="button"
                    className="button button--quiet settings-icon-button"
                    aria-label={t('settings/providers:list.editProvider', { name: provider.name })}
                    title={t('settings/providers:list.edit')}
                    onClick={() => onEdit(provider)}
                  >
                    <Pencil aria-hidden size={16} />
                  </button>
                  <button
                    type="button"
                    className="button button--quiet button--danger settings-icon-button"
                    aria-label={t('settings/providers:list.deleteProvider', { name: provider.name })}
                    title={t('settings/providers:list.delete')}
                    onClick={() => onDelete(provider)}
                  >
                    <Trash aria-hidden size={16} />
                  </button>
                </div>
                <ProviderTestStatus state={test} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
