import { useTranslation } from 'react-i18next';
import type { McpToolAnnotations } from '@elftia/desktop/shared/contracts/mcp-tool.ts';

/** Hints a server may set; only claims it actually made (true) are listed. */
const CLAIMS: Array<{ hint: keyof McpToolAnnotations; key: string }> = [
  { hint: 'readOnlyHint', key: 'chat/tool-calls:annotations.readOnly' },
  { hint: 'destructiveHint', key: 'chat/tool-calls:annotations.destructive' },
  { hint: 'idempotentHint', key: 'chat/tool-calls:annotations.idempotent' },
  { hint: 'openWorldHint', key: 'chat/tool-calls:annotations.openWorld' },
];

/**
 * "The server says: read-only, idempotent". Worded as the server's claim, because MCP annotations
 * are hints a server may get wrong or lie about (MCP spec, ToolAnnotations); they never replace
 * the approval.
 */
export function ToolAnnotations({ annotations }: { annotations: McpToolAnnotations | undefined }) {
  const { t, i18n } = useTranslation();
  const claims = CLAIMS.filter(({ hint }) => annotations?.[hint] === true).map(({ key }) => t(key));
  if (claims.length === 0) return null;
  const list = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' }).format(claims);
  return (
    <p className="tool-call__claims" data-testid="tool-call-claims">
      {t('chat/tool-calls:annotations.serverSays', { claims: list })}
    </p>
  );
}
