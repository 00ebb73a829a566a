import { ChevronDown, FolderOpen, FolderX } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecentWorkspace, WorkspaceView } from '@elftia/desktop/shared/contracts/workspace.ts';
import { useApi } from '../../../../../../lib/api';

export interface WorkspacePickerProps {
  workspace: WorkspaceView | null;
  /** "Open folder…": the system chooser, or the path dialog where there is none. */
  onOpenFolder: (trigger: HTMLButtonElement | null) => void;
  onOpenRecent: (path: string) => void;
  onClose: () => void;
}

/**
 * "Workspace: app ▾": the open workspace and the menu that changes it — open a folder, one of the
 * recent ones (asked for when the menu opens, so it is current), or close it. Non-modal like the
 * conversation menu: a modal menu's scroll lock injects a <style>, which the page's CSP refuses.
 */
export function WorkspacePicker({ workspace, onOpenFolder, onOpenRecent, onClose }: WorkspacePickerProps) {
  const { t } = useTranslation();
  const api = useApi();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [recent, setRecent] = useState<RecentWorkspace[]>([]);
  // The dialog "Open folder…" opens takes focus; the closing menu must not pull it back.
  const opensDialog = useRef(false);
  const others = recent.filter((entry) => entry.path !== workspace?.path);

  return (
    <DropdownMenu.Root
      modal={false}
      onOpenChange={(open) => {
        if (open) void api.workspace.recent.query().then(setRecent, () => setRecent([]));
      }}
    >
      <DropdownMenu.Trigger asChild>
        <button
          ref={triggerRef}
          type="button"
          className="button workspace-picker"
          data-testid="workspace-picker"
          aria-label={workspace ? t('settings/tools:workspace.pickerLabel', { path: workspace.path }) : t('settings/tools:workspace.pickerLabelNone')}
          title={workspace?.path}
        >
          <FolderOpen aria-hidden size={16} />
          <span className="workspace-picker__name">{workspace ? workspace.name : t('settings/tools:workspace.none')}</span>
          <ChevronDown aria-hidden size={14} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu workspace-menu"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          onCloseAutoFocus={(event) => {
            if (!opensDialog.current) return;
            opensDialog.current = false;
            event.preventDefault();
          }}
        >
          <DropdownMenu.Item
            className="menu__item"
            onSelect={() => {
              opensDialog.current = true;
              onOpenFolder(triggerRef.current);
            }}
          >
            <FolderOpen aria-hidden size={16} />
            {t('settings/tools:workspace.openFolder')}
          </DropdownMenu.Item>
          {others.length > 0 && (
            <>
              <DropdownMenu.Separator className="menu__separator" />
              <DropdownMenu.Label className="menu__label">{t('settings/tools:workspace.recent')}</DropdownMenu.Label>
              {others.map((entry) => (
                <DropdownMenu.Item
                  key={entry.path}
                  className="menu__item workspace-menu__recent"
                  disabled={!entry.exists}
                  onSelect={() => onOpenRecent(entry.path)}
                  title={entry.path}
                >
                  <span className="workspace-menu__name">{entry.name}</span>
                  <span className="workspace-menu__path mono">{entry.exists ? entry.path : t('settings/tools:workspace.missing', { path: entry.path })}</span>
                </DropdownMenu.Item>
              ))}
            </>
          )}
          {workspace && (
            <>
              <DropdownMenu.Separator className="menu__separator" />
              <DropdownMenu.Item className="menu__item" onSelect={onClose}>
                <FolderX aria-hidden size={16} />
                {t('settings/tools:workspace.close')}
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
