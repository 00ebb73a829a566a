import { useTranslation } from 'react-i18next';

/**
 * The call's arguments as pretty JSON in a disclosure: closed in the transcript, open while the user
 * is asked to approve them (pain point G-2: a prompt shows the full arguments).
 */
export function ToolArguments({ args, open = false }: { args: Record<string, unknown>; open?: boolean }) {
  const { t } = useTranslation();
  const empty = Object.keys(args).length === 0;
  return (
    <details className="disclosure tool-call__arguments" open={open}>
      <summary className="disclosure__summary">{t('chat/tool-calls:arguments')}</summary>
      {empty ? (
        <p className="tool-result__note">{t('chat/tool-calls:noArguments')}</p>
      ) : (
        <pre className="disclosure__body mono" data-testid="tool-arguments">
          {JSON.stringify(args, null, 2)}
        </pre>
      )}
    </details>
  );
}
