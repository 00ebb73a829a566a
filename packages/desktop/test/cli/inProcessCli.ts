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
  /** `io`: what else the run gets (a stdin, a terminal), and a tap on its stderr as it is written. */
  async function run(args: string[], env: NodeJS.ProcessEnv = {}, dataDir = tempDir(), io: Partial<CliIo> = {}): Promise<InProcessResult> {
    dirs.push(dataDir);
    let stdout = '';
    let stderr = '';
    const cliIo: CliIo = {
      env,
      platform: 'linux',
      homedir: dataDir,
      cwd: dataDir,
      stdout: (text) => void (stdout += text),
      onShutdown: () => () => {},
      ...io,
      stderr: (text) => {
        stderr += text;
        io.stderr?.(text);
      },
    };
    const code = await runCli([...args, '--data-dir', dataDir], cliIo);
    return { code, stdout, stderr, dataDir };
  }
  function cleanup(): void {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
  return { run, cleanup };
}
