import { FolderGit2, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { originOf, type OriginView } from './serverOrigin';
import './origin.css';

/** The project file as a path inside its workspace (`.elftia/mcp.json`): the bar above the list names the folder. */
function inWorkspace(file: string, workspace: string): string {
  const prefix = workspace.endsWith('/') || workspace.endsWith('\\') ? workspace : `${workspace}${file.includes('\\') ? '\\' : '/'}`;
  return workspace !== '' && file.startsWith(prefix) ? file.slice(prefix.length) : file;
}

/**
 * Under a server's name: where its configuration lives — the global list, or the workspace's
 * project file (its path shown, so the user knows which file to edit). Built-in servers have their own badge.
 */
export function OriginBadge({ server }: { server: OriginView }) {
  const { t } = useTranslation();
  const origin = originOf(server);
  switch (origin.kind) {
    case 'builtin':
      return null;
    case 'global':
      return (
        <span className="origin" data-testid="mcp-server-origin" data-origin="global">
          <span className="badge origin__badge">
            <Globe aria-hidden size={12} /> {t('settings/tools:origin.global')}
          </span>
        </span>
      );
    case 'project':
      return (
        <span className="origin" data-testid="mcp-server-origin" data-origin="project">
          <span className="badge origin__badge origin__badge--project">
            <FolderGit2 aria-hidden size={12} /> {t('settings/tools:origin.project')}
          </span>
          <span className="origin__file mono" title={origin.file}>
            {t('settings/tools:origin.fromFile', { file: inWorkspace(origin.file, origin.workspace) })}
          </span>
        </span>
      );
  }
}

/** In the status cell of a global server a project server hides: which one, since this one does not run. */
export function OverriddenNote({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <p className="origin__overridden" data-testid="mcp-server-overridden">
      {t('settings/tools:origin.overriddenBy', { name })}
    </p>
  );
}
