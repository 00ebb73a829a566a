import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import type { McpResourceView, McpServerCatalog, ResourceReadView } from '@elftia/desktop/shared/contracts/mcp-resources.ts';
import { McpIcon } from '../../../../../../components/McpIcon';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';
import { errorText } from '../../../../../../lib/errorText';

/** Characters of a text resource the preview shows; the chat's picker attaches the whole (bounded) text. */
const PREVIEW_CHARS = 4000;

/** A server's catalog, asked when it is connected (again after a reconnect). */
function useCatalog(server: McpServerView) {
  const api = useApi();
  const connected = server.status === 'connected';
  const [state, setState] = useState<{ catalog?: McpServerCatalog; error?: DisplayError }>({});
  useEffect(() => {
    if (!connected) return;
    let live = true;
    api.resources.catalog.query({ id: server.id }).then(
      (catalog) => live && setState({ catalog }),
      (error: unknown) => live && setState({ error: toDisplayError(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, server.id, connected]);
  return connected ? state : undefined;
}

function ResourceItem({ server, resource }: { server: McpServerView; resource: McpResourceView }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [read, setRead] = useState<ResourceReadView>();
  const [failure, setFailure] = useState<DisplayError>();
  const label = resource.title ?? resource.name;
  async function preview() {
    setFailure(undefined);
    try {
      setRead(await api.resources.read.query({ id: server.id, uri: resource.uri }));
    } catch (error) {
      setFailure(toDisplayError(error));
    }
  }
  const meta = [resource.mimeType, resource.size === undefined ? undefined : t('settings/resources:bytes', { size: new Intl.NumberFormat(i18n.language).format(resource.size) })].filter(Boolean).join(' · ');
  return (
    <li className="tool-list__item" data-testid="mcp-resource">
      <div className="tool-list__head">
        <McpIcon src={resource.icon} />
        <span className="tool-list__name">{label}</span>
        {meta && <span className="tool-list__title">{meta}</span>}
        {!read && (
          <button type="button" className="button catalog__preview" aria-label={t('settings/resources:previewNamed', { name: label })} onClick={() => void preview()}>
            {t('settings/resources:preview')}
          </button>
        )}
      </div>
      <p className="tool-list__description mono">{resource.uri}</p>
      {resource.description && <p className="tool-list__description">{resource.description}</p>}
      {failure && (
        <p role="alert" className="panel-note">
          {t('settings/resources:previewFailed', { reason: errorText(t, failure.code, failure.params) })}
        </p>
      )}
      {read?.contents.map((item, index) =>
        item.text !== undefined ? (
          <pre key={index} className="mono disclosure__body catalog__text" aria-label={t('settings/resources:contentsOf', { name: label })}>
            {item.text.length > PREVIEW_CHARS ? `${item.text.slice(0, PREVIEW_CHARS)}…` : item.text}
          </pre>
        ) : item.blob !== undefined && item.mimeType?.startsWith('image/') ? (
          <img key={index} className="catalog__image" src={`data:${item.mimeType};base64,${item.blob}`} alt={t('settings/resources:contentsOf', { name: label })} />
        ) : (
          <p key={index} className="panel-note">
            {t('settings/resources:binary', { mime: item.mimeType ?? '?' })}
          </p>
        ),
      )}
    </li>
  );
}

/**
 * The server's resources (each with a preview of what it reads as), resource templates and prompts
 * (with their arguments), read-only: the chat's "Resources & prompts" uses them.
 */
export function ServerCatalog({ server, headingId }: { server: McpServerView; headingId: string }) {
  const { t } = useTranslation();
  const state = useCatalog(server);
  return (
    <section aria-labelledby={headingId} className="server-details__section">
      <h3 id={headingId} className="server-details__heading">
        {t('settings/resources:heading')}
      </h3>
      {state === undefined ? (
        <p className="panel-note">{t('settings/resources:notConnected')}</p>
      ) : state.error ? (
        <p role="alert" className="panel-note">
          {t('settings/resources:loadFailed', { reason: errorText(t, state.error.code, state.error.params) })}
        </p>
      ) : !state.catalog ? (
        <p className="panel-note" role="status">
          {t('settings/resources:loading')}
        </p>
      ) : (
        <>
          <h4 className="catalog__heading">{t('settings/resources:resources', { count: state.catalog.resources.length })}</h4>
          {state.catalog.resources.length === 0 ? (
            <p className="panel-note">{t('settings/resources:none')}</p>
          ) : (
            <ul className="tool-list" aria-label={t('settings/resources:resourcesList')}>
              {state.catalog.resources.map((resource) => (
                <ResourceItem key={resource.uri} server={server} resource={resource} />
              ))}
            </ul>
          )}
          {state.catalog.templates.length > 0 && (
            <>
              <h4 className="catalog__heading">{t('settings/resources:templates', { count: state.catalog.templates.length })}</h4>
              <ul className="tool-list" aria-label={t('settings/resources:templatesList')}>
                {state.catalog.templates.map((template) => (
                  <li key={template.uriTemplate} className="tool-list__item">
                    <div className="tool-list__head">
                      <McpIcon src={template.icon} />
                      <span className="tool-list__name">{template.title ?? template.name}</span>
                    </div>
                    <p className="tool-list__description mono">{template.uriTemplate}</p>
                    {template.description && <p className="tool-list__description">{template.description}</p>}
                  </li>
                ))}
              </ul>
            </>
          )}
          <h4 className="catalog__heading">{t('settings/resources:prompts', { count: state.catalog.prompts.length })}</h4>
          {state.catalog.prompts.length === 0 ? (
            <p className="panel-note">{t('settings/resources:none')}</p>
          ) : (
            <ul className="tool-list" aria-label={t('settings/resources:promptsList')}>
              {state.catalog.prompts.map((prompt) => (
                <li key={prompt.name} className="tool-list__item" data-testid="mcp-prompt">
                  <div className="tool-list__head">
                    <McpIcon src={prompt.icon} />
                    <code className="tool-list__name">{prompt.name}</code>
                    {prompt.title && <span className="tool-list__title">{prompt.title}</span>}
                  </div>
                  {prompt.description && <p className="tool-list__description">{prompt.description}</p>}
                  {prompt.arguments.length > 0 && (
                    <p className="tool-list__description">
                      {t('settings/resources:arguments')}{' '}
                      {prompt.arguments.map((argument, index) => (
                        <span key={argument.name}>
                          {index > 0 && ', '}
                          <code>{argument.name}</code>
                          {argument.required && <span title={t('settings/resources:required')}>*</span>}
                        </span>
                      ))}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
