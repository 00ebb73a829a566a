import { BrowserWindow, dialog, type OpenDialogOptions } from 'electron';

/**
 * The system's folder chooser, for a preset input that is a folder (the files a filesystem server may
 * read). Attached to the focused window so it is modal to it; resolves with undefined when cancelled.
 */
export async function pickFolder(title: string): Promise<string | undefined> {
  const options: OpenDialogOptions = { title, properties: ['openDirectory', 'createDirectory'] };
  const win = BrowserWindow.getFocusedWindow();
  const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
  return result.canceled ? undefined : result.filePaths[0];
}
