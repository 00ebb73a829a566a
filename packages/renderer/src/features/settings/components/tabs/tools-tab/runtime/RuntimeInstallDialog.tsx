import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEPENDENCY_RUNTIME,
  type DependencyCommand,
  type DependencyInstallPreview,
  type DependencyInstallResult,
  type DependencyStatus,
} from '@elftia/desktop/shared/contracts/dependencies.ts';
import { Dialog } from '../../../../../../components/Dialog';
import { useApi } from '../../../../../../lib/api';
import { type DisplayErrorCode, errorMessageKey, toDisplayError } from '../../../../../../lib/appError';
import { useTRPC } from '../../../../../../lib/query';

/** Output lines kept on screen; the installer's full output is not needed to follow it. */
const MAX_LINES = 200;

type Phase =
  | { kind: 'offer' }
  | { kind: 'running'; lines: string[] }
  | { kind: 'done'; lines: string[]; result: DependencyInstallResult }
  | { kind: 'broken'; lines: string[]; code: DisplayErrorCode };

/** What each runtime is called where the user reads it (a product name, not translated). */
export const RUNTIME_NAMES = { node: 'Node.js', uv: 'uv' } as const;

export interface RuntimeInstallDialogProps {
  command: DependencyCommand;
  /** The failed check that brought the user here, if any. */
  status?: DependencyStatus;
  /** The runtime runs now (installed, or found on a second look); the caller goes on. */
  onReady: () => void;
  onClose: () => void;
  /** See Dialog's returnFocus. */
  returnFocus?: HTMLElement | null;
}

/**
 * Offers to install the runtime a server's command needs (Node.js for npx, uv for uvx), runs the
 * installer with its output on screen, and reports what really happened: the result is verified by
 * running the installed binary in main, so an installer that exits 0 without installing is a failure.
 * Closing the dialog while it runs cancels the install.
 */
export function RuntimeInstallDialog({ command, status, onReady, onClose, returnFocus }: RuntimeInstallDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'offer' });
  // Says what will run before the user agrees; a failure here only leaves that sentence out.
  const { data: plan } = useQuery(trpc.mcp.dependencies.plan.queryOptions({ command }));
  const [stillMissing, setStillMissing] = useState(false);
  const subscription = useRef<{ unsubscribe(): void } | undefined>(undefined);
  const runtime = RUNTIME_NAMES[DEPENDENCY_RUNTIME[command]];
  useEffect(() => () => subscription.current?.unsubscribe(), []);
  /** What is installed changed: Runtimes and every check show it from now on. */
  const installedSomething = () => void queryClient.invalidateQueries({ queryKey: trpc.mcp.dependencies.pathKey() });

  /** For a user who installed it themselves (or in another window): look again, go on if it runs. */
  async function checkAgain() {
    setStillMissing(false);
    try {
      const status = await api.mcp.dependencies.check.query({ command });
      if (status.found && status.path) {
        installedSomething();
        setPhase((previous) => ({ kind: 'done', lines: previous.kind === 'offer' ? [] : previous.lines, result: { status: 'alreadyInstalled', command, version: status.version, path: status.path! } }));
      } else {
        setStillMissing(true);
      }
    } catch (error) {
      setPhase((previous) => ({ kind: 'broken', lines: previous.kind === 'offer' ? [] : previous.lines, code: toDisplayError(error).code }));
    }
  }

  function install() {
    // A retry replaces the finished run's stream; only one install per dialog is ever followed.
    subscription.current?.unsubscribe();
    setPhase({ kind: 'running', lines: [] });
    subscription.current = api.mcp.dependencies.install.subscribe(
      { command },
      {
        onData: (event) => {
          if (event.type === 'result' && event.result.status === 'installed') installedSomething();
          setPhase((previous) => {
            const lines = previous.kind === 'offer' ? [] : previous.lines;
            if (event.type === 'output') return { kind: 'running', lines: [...lines, event.line].slice(-MAX_LINES) };
            return { kind: 'done', lines, result: event.result };
          });
        },
        onError: (error) => setPhase((previous) => ({ kind: 'broken', lines: previous.kind === 'offer' ? [] : previous.lines, code: toDisplayError(error).code })),
      },
    );
  }

  const result = phase.kind === 'done' ? phase.result : undefined;
  const ready = result?.status === 'installed' || result?.status === 'alreadyInstalled';
  const running = phase.kind === 'running';

  return (
    <Dialog title={t('settings/tools:runtime.title', { runtime })} onClose={onClose} className="dialog--wide" returnFocus={returnFocus}>
      <div className="runtime-install" data-testid="runtime-install" data-phase={phase.kind} data-result={result?.status}>
        <p role={status && !status.found ? 'alert' : undefined}>
          {status && !status.found ? t('settings/tools:runtime.missing', { command, entries: status.searched }) : t('settings/tools:runtime.notFound', { command })}
        </p>
        {phase.kind === 'offer' && <p>{t('settings/tools:runtime.offer', { runtime })}</p>}
        {phase.kind === 'offer' && plan && <PlanPreview plan={plan} />}
        {stillMissing && (
          <p className="form__failure" role="alert">
            {t('settings/tools:runtime.stillMissing', { command })}
          </p>
        )}
        {running && (
          <p role="status" aria-live="polite">
            {t('settings/tools:runtime.running', { runtime })}
          </p>
        )}
        {phase.kind !== 'offer' && phase.lines.length > 0 && (
          <pre className="mono runtime-install__output" data-testid="runtime-install-output">
            {phase.lines.join('\n')}
          </pre>
        )}
        {result && <InstallOutcome result={result} runtime={runtime} />}
        {phase.kind === 'broken' && (
          <p className="form__failure" role="alert">
            {t(errorMessageKey(phase.code))}
          </p>
        )}
      </div>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {running ? t('settings/tools:runtime.cancel') : t('settings/tools:runtime.close')}
        </button>
        {!running && !ready && (
          <button type="button" className="button" onClick={() => void checkAgain()}>
            {t('settings/tools:runtime.checkAgain')}
          </button>
        )}
        {phase.kind === 'offer' && plan?.kind !== 'manual' && plan?.kind !== 'missing' && (
          <button type="button" className="button button--primary" onClick={install} data-autofocus>
            {t('settings/tools:runtime.install', { runtime })}
          </button>
        )}
        {(result?.status === 'failed' || result?.status === 'manual' || result?.status === 'cancelled' || phase.kind === 'broken') && (
          <button type="button" className="button" onClick={install}>
            {t('settings/tools:runtime.retry')}
          </button>
        )}
        {ready && (
          <button type="button" className="button button--primary" onClick={onReady} data-autofocus>
            {t('settings/tools:runtime.continue')}
          </button>
        )}
      </div>
    </Dialog>
  );
}

function InstallOutcome({ result, runtime }: { result: DependencyInstallResult; runtime: string }) {
  // `installed` names the command the server needs (npx), with its own version, not the runtime's.
  const { t } = useTranslation();
  switch (result.status) {
    case 'installed':
    case 'alreadyInstalled':
      return (
        <p className="runtime-install__ok" role="status">
          {t('settings/tools:runtime.installed', { command: result.command, version: result.version ?? '', path: result.path })}
        </p>
      );
    case 'cancelled':
      return <p role="status">{t('settings/tools:runtime.cancelled')}</p>;
    case 'manual':
      return (
        <div role="status">
          <p>{t('settings/tools:runtime.manual', { runtime })}</p>
          <p>
            <a href={result.url} target="_blank" rel="noreferrer">
              {result.url}
            </a>
          </p>
          <ManualCommand command={result.manualCommand} />
        </div>
      );
    case 'failed':
      return (
        <div role="alert">
          <p className="form__failure">
            {t(`settings/tools:runtime.failed.${result.reason}`, { runtime, exitCode: result.exitCode ?? '?' })}
          </p>
          {result.detail && (
            <details className="disclosure">
              <summary className="disclosure__summary">{t('settings/tools:connection.detail')}</summary>
              <pre className="mono disclosure__body">{result.detail}</pre>
            </details>
          )}
          <ManualCommand command={result.manualCommand} />
        </div>
      );
  }
}

/** What Install will do here: the command it runs, or where to get the runtime when nothing can run. */
function PlanPreview({ plan }: { plan: DependencyInstallPreview }) {
  const { t } = useTranslation();
  if (plan.kind === 'run') {
    return (
      <p data-testid="runtime-install-plan">
        {t('settings/tools:runtime.willRun')} <code className="mono">{plan.commandLine}</code>
      </p>
    );
  }
  return (
    <div data-testid="runtime-install-plan">
      <p>{plan.kind === 'manual' ? t('settings/tools:runtime.noInstaller') : plan.detail}</p>
      {plan.kind === 'manual' && (
        <p>
          <a href={plan.url} target="_blank" rel="noreferrer">
            {plan.url}
          </a>
        </p>
      )}
      <ManualCommand command={plan.manualCommand} />
    </div>
  );
}

function ManualCommand({ command }: { command: string }) {
  const { t } = useTranslation();
  return (
    <p>
      {t('settings/tools:runtime.manualCommand')} <code className="mono">{command}</code>
    </p>
  );
}
