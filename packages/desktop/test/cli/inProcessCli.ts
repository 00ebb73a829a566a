/** The CLI's dispatcher in-process (runCli with a captured io), each run on a data dir of its own. */
import fs from 'node:fs';
import type { CliIo } from '../../app/main/host/cli/command';
import { runCli } from '../../app/main/host/cli/run';
import { tempDir } from './cliProcess';

export interface InProcessResult {
  code: number;
  stdout: string;
  stderr: string;
  dataDir: string;
}

/** `run` passes `--data-dir`; `cleanup` (for afterAll) removes every data dir it made or was given. */
export function inProcessCli() {
  const dirs: string[] = [];
  async function run(args: string[], env: NodeJS.ProcessEnv = {}, dataDir = tempDir()): Promise<InProcessResult> {
    dirs.push(dataDir);
    let stdout = '';
    let stderr = '';
    const io: CliIo = {
      env,
      platform: 'linux',
      homedir: dataDir,
      cwd: dataDir,
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
      onShutdown: () => () => {},
    };
    const code = await runCli([...args, '--data-dir', dataDir], io);
    return { code, stdout, stderr, dataDir };
  }
  function cleanup(): void {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
  return { run, cleanup };
}
