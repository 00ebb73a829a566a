/**
 * The roots Elftia offers servers: the open workspace folder as one `file://` root named after the
 * folder, or none. Listeners hear of a change only when the folder itself changes; an edit of the
 * project file or a trust decision (which the workspace's own change event also reports) is not one.
 */
import { pathToFileURL } from 'node:url';
import type { McpRoot } from '../mcp/clientRequests';

/** What the roots need of workspace/WorkspaceService. */
export interface WorkspaceFolderSource {
  current(): { path: string; name: string } | null;
  onChange(listener: () => void): () => void;
}

export interface RootsSource {
  roots(): McpRoot[];
  onChange(listener: () => void): () => void;
}

export function workspaceRoots(workspace: WorkspaceFolderSource): RootsSource {
  const rootsNow = (): McpRoot[] => {
    const open = workspace.current();
    return open ? [{ uri: pathToFileURL(open.path).href, name: open.name }] : [];
  };
  return {
    roots: rootsNow,
    onChange(listener) {
      let last = workspace.current()?.path ?? null;
      return workspace.onChange(() => {
        const now = workspace.current()?.path ?? null;
        if (now === last) return;
        last = now;
        listener();
      });
    },
  };
}
