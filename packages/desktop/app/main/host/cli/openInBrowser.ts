/**
 * Opens a web page in the user's browser from the CLI (URL-mode elicitation after the user said
 * yes): the platform's own opener, detached, its output ignored. The URL is printed beforehand, so
 * a machine without a browser still shows the user where to go.
 */
import { spawn } from 'node:child_process';

export function browserOpener(platform: NodeJS.Platform): (url: string) => Promise<void> {
  return (url) =>
    new Promise((resolve) => {
      // `start` takes the first quoted argument as a window title, hence the empty one.
      const [command, args] = platform === 'darwin' ? ['open', [url]] : platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
      const child = spawn(command, args, { detached: true, stdio: 'ignore', windowsHide: true });
      // A missing opener is not the user's failure: the URL is on the screen.
      child.once('error', () => resolve());
      child.once('spawn', () => {
        child.unref();
        resolve();
      });
    });
}
