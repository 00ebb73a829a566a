import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkspaceView } from '@elftia/desktop/shared/contracts/workspace.ts';
import { FailureAlert } from '../../../../../../components/FailureAlert';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';
import { useFolderChooser } from '../../../../../../lib/useFolderChooser';
import { OpenWorkspaceDialog } from './OpenWorkspaceDialog';
import { ProjectFileNotice } from './ProjectFileNotice';
import { WorkspacePicker } from './WorkspacePicker';
import './workspace.css';

/**
 * Above the servers: the open workspace (a folder whose `.elftia/mcp.json` adds servers), the menu
 * that changes it, its project file, and that file's problem while it is broken. What is open is
 * whatever workspace.onChanged last said, so `elftia serve --workspace` and another window show the same.
 */
export function WorkspaceBar({ workspace }: { workspace: WorkspaceView | null }) {
  const { t } = useTranslation();
  const api = useApi();
  const chooser = useFolderChooser();
  const [typing, setTyping] = useState<{ returnFocus: HTMLButtonElement | null }>();
  const [failure, setFailure] = useState<DisplayError>();

  async function run(action: () => Promise<unknown>) {
    setFailure(undefined);
    try {
      await action();
    } catch (error) {
      setFailure(toDisplayError(error));
    }
  }

  const open = (path: string) => api.workspace.open.mutate({ path });

  function openFolder(trigger: HTMLButtonElement | null) {
    if (!chooser.available) return setTyping({ returnFocus: trigger });
    void run(async () => {
      const path = await chooser.pick(t('settings/tools:workspace.openTitle'));
      if (path) await open(path);
    });
  }

  return (
    <div className="workspace-bar" data-testid="workspace-bar">
      <div className="workspace-bar__row">
        <span className="workspace-bar__label">{t('settings/tools:workspace.label')}</span>
        <WorkspacePicker
          workspace={workspace}
          onOpenFolder={openFolder}
          onOpenRecent={(path) => void run(() => open(path))}
          onClose={() => void run(() => api.workspace.close.mutate())}
        />
        {workspace && (
          <span className="workspace-bar__file" data-testid="workspace-project-file">
            <span className="mono" title={workspace.projectFile}>
              {workspace.projectFile}
            </span>{' '}
            {/* While the file is broken its count is 0, which the problem below explains better. */}
            {!workspace.problem && (
              <span className="workspace-bar__count">
                {workspace.projectFileExists ? t('settings/tools:workspace.serverCount', { count: workspace.serverCount }) : t('settings/tools:workspace.noProjectFile')}
              </span>
            )}
          </span>
        )}
      </div>
      <FailureAlert error={failure} />
      {workspace?.problem && <ProjectFileNotice problem={workspace.problem} />}
      {typing && <OpenWorkspaceDialog onOpen={open} onClose={() => setTyping(undefined)} returnFocus={typing.returnFocus} />}
    </div>
  );
}
