import { Bell, BellOff, FileText, MessageSquareText } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import { expandTemplate, type McpPromptView, type McpResourceTemplateView, type McpResourceView, type McpServerCatalog } from '@elftia/desktop/shared/contracts/mcp-resources.ts';
import { McpIcon } from '../../../../components/McpIcon';
import { useApi } from '../../../../lib/api';
import { type DisplayError, errorMessageKey, toDisplayError } from '../../../../lib/appError';
import { useBusyAction } from '../../../../lib/useBusyAction';
import { ArgumentForm } from './ArgumentForm';

export interface PickerActions {
  /** Reads the resource and attaches it to the next message. */
  attachResource(serverId: string, uri: string, name: string): Promise<void>;
  /** Runs the prompt and puts its messages into the composer. */
  runPrompt(serverId: string, name: string, args: Record<string, string>): Promise<void>;
  toggleSubscription(serverId: string, uri: string, on: boolean): Promise<void>;
}

export interface ResourcePickerProps {
  /** The connected servers. */
  servers: McpServerView[];
  /** `${serverId} ${uri}` of the resources subscribed to, and of those updated since last attached. */
  subscribed: ReadonlySet<string>;
  updated: ReadonlySet<string>;
  actions: PickerActions;
}

type Step = { kind: 'list' } | { kind: 'template'; template: McpResourceTemplateView } | { kind: 'prompt'; prompt: McpPromptView };

function sizeText(size: number | undefined, language: string): string | undefined {
  return size === undefined ? undefined : new Intl.NumberFormat(language, { style: 'unit', unit: 'byte', unitDisplay: 'narrow' }).format(size);
}

/**
 * A connected server's resources (attach one to the next message, subscribe to its updates),
 * templates (fill in the variables, then attach what they name) and prompts (fill in the arguments,
 * then the messages go into the composer).
 */
export function ResourcePicker({ servers, subscribed, updated, actions }: ResourcePickerProps) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const selectId = useId();
  const [serverId, setServerId] = useState(servers[0]?.id ?? '');
  const [catalog, setCatalog] = useState<McpServerCatalog>();
  const [loadError, setLoadError] = useState<DisplayError>();
  const { busy, failure, run } = useBusyAction();
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const server = servers.find((candidate) => candidate.id === serverId) ?? servers[0];
  // By id: the server list arrives anew on every connection event, which must not reset a form being filled.
  const shownId = server?.id;

  useEffect(() => {
    if (shownId === undefined) return;
    let live = true;
    setCatalog(undefined);
    setLoadError(undefined);
    setStep({ kind: 'list' });
    api.resources.catalog.query({ id: shownId }).then(
      (answer) => live && setCatalog(answer),
      (error: unknown) => live && setLoadError(toDisplayError(error)),
    );
    return () => {
      live = false;
    };
  }, [api, shownId]);

  if (!server) return <p className="field__hint">{t('chat/resources:noServers')}</p>;


  const key = (uri: string) => `${server.id} ${uri}`;
  const errorText = (error: DisplayError) => t(errorMessageKey(error.code), { server: server.name, ...error.params });

  return (
    <div className="resource-picker" aria-busy={busy}>
      <div className="field">
        <label htmlFor={selectId} className="field__label">
          {t('chat/resources:server')}
        </label>
        <select id={selectId} className="input" value={server.id} onChange={(event) => setServerId(event.target.value)}>
          {servers.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
      </div>
      {failure && (
        <p className="form__failure" role="alert">
          {errorText(failure)}
        </p>
      )}
      {loadError ? (
        <p className="form__failure" role="alert">
          {t('chat/resources:loadFailed', { reason: errorText(loadError) })}
        </p>
      ) : !catalog ? (
        <p className="field__hint">{t('chat/resources:loading')}</p>
      ) : step.kind === 'template' ? (
        <section aria-label={step.template.title ?? step.template.name}>
          <h3 className="resource-picker__heading">{step.template.title ?? step.template.name}</h3>
          <p className="resource-picker__meta mono">{step.template.uriTemplate}</p>
          <ArgumentForm
            serverId={server.id}
            completeRef={{ type: 'ref/resource', uri: step.template.uriTemplate }}
            canComplete={catalog.canComplete}
            fields={step.template.variables.map((name) => ({ name, required: true }))}
            submitLabel={t('chat/resources:attach')}
            busy={busy}
            onCancel={() => setStep({ kind: 'list' })}
            onSubmit={(values) => void run(() => actions.attachResource(server.id, expandTemplate(step.template.uriTemplate, values), step.template.name))}
          />
        </section>
      ) : step.kind === 'prompt' ? (
        <section aria-label={step.prompt.title ?? step.prompt.name}>
          <h3 className="resource-picker__heading">{step.prompt.title ?? step.prompt.name}</h3>
          {step.prompt.description && <p className="field__hint">{step.prompt.description}</p>}
          <ArgumentForm
            serverId={server.id}
            completeRef={{ type: 'ref/prompt', name: step.prompt.name }}
            canComplete={catalog.canComplete}
            fields={step.prompt.arguments.map((argument) => ({
              name: argument.name,
              required: argument.required,
              ...(argument.title ? { label: argument.title } : {}),
              ...(argument.description ? { description: argument.description } : {}),
            }))}
            submitLabel={t('chat/resources:usePrompt')}
            busy={busy}
            onCancel={() => setStep({ kind: 'list' })}
            onSubmit={(values) => void run(() => actions.runPrompt(server.id, step.prompt.name, values))}
          />
        </section>
      ) : (
        <>
          <CatalogSection title={t('chat/resources:resources')} empty={catalog.resources.length === 0}>
            {catalog.resources.map((resource) => (
              <ResourceRow
                key={resource.uri}
                resource={resource}
                meta={[resource.mimeType, sizeText(resource.size, i18n.language)].filter(Boolean).join(' · ')}
                canSubscribe={catalog.canSubscribe}
                subscribed={subscribed.has(key(resource.uri))}
                updated={updated.has(key(resource.uri))}
                disabled={busy}
                onAttach={() => void run(() => actions.attachResource(server.id, resource.uri, resource.name))}
                onToggle={(on) => void run(() => actions.toggleSubscription(server.id, resource.uri, on))}
              />
            ))}
          </CatalogSection>
          {catalog.templates.length > 0 && (
            <CatalogSection title={t('chat/resources:templates')} empty={false}>
              {catalog.templates.map((template) => (
                <li key={template.uriTemplate} className="resource-picker__row">
                  <button type="button" className="resource-picker__item" disabled={busy} onClick={() => setStep({ kind: 'template', template })}>
                    <McpIcon src={template.icon} />
                    {!template.icon && <FileText size={16} aria-hidden />}
                    <span className="resource-picker__name">{template.title ?? template.name}</span>
                  </button>
                  <p className="resource-picker__meta mono">{template.uriTemplate}</p>
                </li>
              ))}
            </CatalogSection>
          )}
          <CatalogSection title={t('chat/resources:prompts')} empty={catalog.prompts.length === 0}>
            {catalog.prompts.map((prompt) => (
              <li key={prompt.name} className="resource-picker__row">
                <button type="button" className="resource-picker__item" disabled={busy} onClick={() => setStep({ kind: 'prompt', prompt })}>
                  <McpIcon src={prompt.icon} />
                  {!prompt.icon && <MessageSquareText size={16} aria-hidden />}
                  <span className="resource-picker__name">{prompt.title ?? prompt.name}</span>
                </button>
                {prompt.description && <p className="resource-picker__meta">{prompt.description}</p>}
              </li>
            ))}
          </CatalogSection>
        </>
      )}
    </div>
  );
}

function CatalogSection({ title, empty, children }: { title: string; empty: boolean; children: React.ReactNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="resource-picker__section" aria-labelledby={headingId}>
      <h3 id={headingId} className="resource-picker__heading">
        {title}
      </h3>
      {empty ? <p className="field__hint">{t('chat/resources:none')}</p> : <ul className="resource-picker__list">{children}</ul>}
    </section>
  );
}

interface ResourceRowProps {
  resource: McpResourceView;
  meta: string;
  canSubscribe: boolean;
  subscribed: boolean;
  updated: boolean;
  disabled: boolean;
  onAttach: () => void;
  onToggle: (on: boolean) => void;
}

function ResourceRow({ resource, meta, canSubscribe, subscribed, updated, disabled, onAttach, onToggle }: ResourceRowProps) {
  const { t } = useTranslation();
  const label = resource.title ?? resource.name;
  return (
    <li className="resource-picker__row" data-updated={updated || undefined}>
      <button type="button" className="resource-picker__item" disabled={disabled} onClick={onAttach} aria-label={t('chat/resources:attachNamed', { name: label })}>
        <McpIcon src={resource.icon} />
        {!resource.icon && <FileText size={16} aria-hidden />}
        <span className="resource-picker__name">{label}</span>
        {updated && <span className="resource-picker__updated">{t('chat/resources:updated')}</span>}
      </button>
      {canSubscribe && (
        <button
          type="button"
          className="icon-button resource-picker__bell"
          aria-pressed={subscribed}
          aria-label={t(subscribed ? 'chat/resources:unsubscribe' : 'chat/resources:subscribe', { name: label })}
          title={t(subscribed ? 'chat/resources:unsubscribe' : 'chat/resources:subscribe', { name: label })}
          disabled={disabled}
          onClick={() => onToggle(!subscribed)}
        >
          {subscribed ? <Bell size={14} aria-hidden /> : <BellOff size={14} aria-hidden />}
        </button>
      )}
      {meta && <p className="resource-picker__meta">{meta}</p>}
    </li>
  );
}
