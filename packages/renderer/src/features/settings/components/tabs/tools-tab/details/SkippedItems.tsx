import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import type { McpListKind, McpSkippedItem, McpSkipReason } from '@elftia/desktop/shared/contracts/mcp-connection.ts';

const KIND_KEYS: Record<McpListKind, string> = {
  tool: 'settings/tools:skipped.kind.tool',
  resource: 'settings/tools:skipped.kind.resource',
  resourceTemplate: 'settings/tools:skipped.kind.resourceTemplate',
  prompt: 'settings/tools:skipped.kind.prompt',
};

const REASON_KEYS: Record<McpSkipReason, string> = {
  notAnObject: 'settings/tools:skipped.reason.notAnObject',
  invalidField: 'settings/tools:skipped.reason.invalidField',
  duplicate: 'settings/tools:skipped.reason.duplicate',
  notAList: 'settings/tools:skipped.reason.notAList',
};

function reasonText(t: ReturnType<typeof useTranslation>['t'], item: McpSkippedItem): string {
  if (item.reason === 'invalidField' && !item.field) return t('settings/tools:skipped.reason.invalidEntry');
  return t(REASON_KEYS[item.reason], { field: item.field ?? '' });
}

function SkippedItem({ item }: { item: McpSkippedItem }) {
  const { t } = useTranslation();
  return (
    <li className="skipped-list__item" data-testid="mcp-skipped-item">
      <span className="skipped-list__kind">{t(KIND_KEYS[item.kind])}</span>{' '}
      {item.name ? <code className="skipped-list__name">{item.name}</code> : <span className="skipped-list__name">{t('settings/tools:skipped.unnamed')}</span>}:{' '}
      {reasonText(t, item)}
      {/* The parser's own words (English): technical detail for a bug report to the server's authors. */}
      {item.detail && <span className="mono skipped-list__detail">{item.detail}</span>}
    </li>
  );
}

/**
 * Entries of the server's lists Elftia left out because they break the MCP schema beyond repair,
 * each with why. Shown only when there are some: a working server stays as quiet as before.
 */
export function SkippedItems({ server, headingId }: { server: McpServerView; headingId: string }) {
  const { t } = useTranslation();
  const skipped = server.connection?.skipped ?? [];
  if (skipped.length === 0) return null;
  const unlisted = (server.connection?.skippedCount ?? skipped.length) - skipped.length;
  return (
    <section aria-labelledby={headingId} className="server-details__section">
      <h3 id={headingId} className="server-details__heading" tabIndex={-1}>
        {t('settings/tools:skipped.heading')}
      </h3>
      <p className="panel-note">{t('settings/tools:skipped.intro')}</p>
      <ul className="skipped-list">
        {skipped.map((item, index) => (
          // Names may repeat (a duplicate is left out under the name it shares) or be empty.
          <SkippedItem key={`${index}:${item.kind}:${item.name}`} item={item} />
        ))}
      </ul>
      {unlisted > 0 && <p className="panel-note">{t('settings/tools:skipped.more', { entries: unlisted })}</p>}
    </section>
  );
}
