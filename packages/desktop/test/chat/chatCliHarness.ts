/**
 * For the `elftia chat` tests: runCli in the test process with a captured io and a scripted stdin,
 * a data dir holding MCP servers (real server-everything processes when used), and the scripted
 * provider as its own process (its standalone mode, as Playwright and the CLI use it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { CliIo } from '../../app/main/host/cli/command';
import { runCli } from '../../app/main/host/cli/run';
import { createAppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { REPO_ROOT } from '../cli/cliProcess';
import { EVERYTHING_ENTRY } from '../cli/mcpServers';
import type { ScriptInput } from '../support/scriptedProvider/script';
import { tempDir } from '../support/tempDir';
import { SCRIPTED_PROVIDER_BUNDLE } from '../support/testProcesses';

export interface InProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `stdin` lines answer the prompts in order; after the last one the input ends. */
export async function chatInProcess(args: string[], options: { env?: NodeJS.ProcessEnv; stdin?: string[] } = {}): Promise<InProcessResult> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    env: options.env ?? {},
    platform: process.platform,
    homedir: process.cwd(),
    cwd: process.cwd(),
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    stdin: Readable.from((options.stdin ?? []).map((line) => `${line}\n`)),
    onShutdown: () => () => {},
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

/**
 * A data dir with stdio server-everything registered under each of `names`. Made for a whole file
 * (support/tempDir removes its dirs after each test): the caller removes it.
 */
export async function dataDirWithEverything(names: string[] = ['everything']): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-chat-cli-'));
  const services = createAppServices({ dataDir });
  try {
    const caller = createAppCaller({ services });
    for (const name of names) await caller.mcp.add({ name, type: 'stdio', command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] });
  } finally {
    await services.dispose();
  }
  return dataDir;
}

export interface StandaloneProvider {
  url: string;
  controlToken: string;
  child: ChildProcess;
}

/** `node scriptedProvider.mjs --script FILE` (test/support/testProcesses.ts); the caller stops `child`. */
export async function startStandaloneProvider(script: ScriptInput): Promise<StandaloneProvider> {
  const file = path.join(tempDir('chat-script-'), 'script.json');
  fs.writeFileSync(file, JSON.stringify(script));
  const child = spawn(process.execPath, [SCRIPTED_PROVIDER_BUNDLE, '--script', file], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end >= 0) resolve(buffered.slice(0, end));
    });
    child.once('exit', (code) => reject(new Error(`the scripted provider exited with ${code}`)));
  });
  const { url, controlToken } = JSON.parse(line) as { url: string; controlToken: string };
  return { url, controlToken, child };
}

/** What the provider received, from its control endpoint. */
export async function receivedRequests(provider: StandaloneProvider): Promise<{ outcome: string; body: unknown }[]> {
  const response = await fetch(`${provider.url}/__requests`, { headers: { 'x-scripted-provider-token': provider.controlToken } });
  return (await response.json()) as { outcome: string; body: unknown }[];
}
