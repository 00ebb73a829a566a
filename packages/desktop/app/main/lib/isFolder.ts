import { statSync } from 'node:fs';

/**
 * Whether `path` names an existing folder (following links), for folders the user hands a server
 * or a setting: a missing one is refused as `folderNotFound` before anything is stored, instead of
 * a server that fails at start.
 */
export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
