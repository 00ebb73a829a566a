/**
 * Copies between the two homes of a server: a project server stored as a global one, and a global one
 * written into the open workspace's project file. Secrets never go into the project file (it is meant
 * to be committed): a value whose name looks secret becomes a `${env:NAME}` or `${input:id}` reference.
 */
import { readFile } from 'node:fs/promises';
import { type McpServerRecord, MCP_NAME_MAX_LENGTH, parseMcpServerInput, toInput } from '../../shared/contracts/mcp-types';
import { nameKey } from '../../shared/contracts/names';
import { SECRET_NAME } from '../../shared/contracts/secrets';
import { secretRefsOf } from '../../shared/contracts/secret-refs';
import { writeJsonAtomic } from '../lib/atomicJson';
import { AppError } from '../lib/errors';
import { freeName } from '../lib/uniqueNames';
import type { McpServerConfigService } from '../mcp/McpServerConfigService';
import type { ProjectFileProblem } from '../../shared/contracts/workspace';
import { parseProjectFile } from './projectFile';
import type { WorkspaceService } from './WorkspaceService';

/** PROJECT_FILE_INVALID with the problem's place, every parameter present so the message has no gaps. */
export function invalidFile(problem: ProjectFileProblem): AppError {
  return new AppError('PROJECT_FILE_INVALID', {
    params: { file: problem.file, problem: problem.code, line: problem.line ?? '', column: problem.column ?? '', entry: problem.entry ?? '', field: problem.field ?? '' },
  });
}

/** Adds the project server `id` to the global servers, under a free name when its own is taken. */
export function copyProjectServerToGlobal(workspace: WorkspaceService, servers: McpServerConfigService, id: string): McpServerRecord {
  const record = workspace.findProjectServer(id);
  if (!record) throw new AppError('NOT_FOUND', { params: { id } });
  // Global servers start in the app's folder: a project server's own folder cannot come along.
  if (record.config.cwd) throw new AppError('VALIDATION', { fieldErrors: [{ field: 'cwd', code: 'unknownField' }] });
  const name = freeName(record.name, servers.list().map((server) => server.name), MCP_NAME_MAX_LENGTH);
  const parsed = parseMcpServerInput({ ...toInput(record), name });
  if (!parsed.ok) throw new AppError('VALIDATION', { fieldErrors: parsed.errors });
  return servers.add(parsed.value);
}

/** A value as it may go into a shared file: itself when it is a reference or its name looks harmless. */
function shareable(name: string, value: string, reference: string): string {
  if (value === '' || !SECRET_NAME.test(name)) return value;
  const { refs } = secretRefsOf(value);
  return refs.length > 0 ? value : reference;
}

function inputId(server: string, header: string): string {
  return `${server}-${header}`.replace(/[^A-Za-z0-9_.-]/g, '-').slice(0, 64);
}

interface ProjectEntryOut {
  entry: Record<string, unknown>;
  inputs: { type: 'promptString'; id: string; description: string; password: true }[];
}

function projectEntryOf(record: McpServerRecord): ProjectEntryOut {
  const { config } = record;
  const common = { ...(record.timeoutSec !== 60 ? { timeout: record.timeoutSec } : {}), ...(record.enabled ? {} : { disabled: true }) };
  if (record.type === 'stdio') {
    const env = Object.fromEntries(Object.entries(config.env ?? {}).map(([key, value]) => [key, shareable(key, value, `\${env:${key}}`)]));
    return {
      entry: {
        type: 'stdio',
        command: config.command ?? '',
        args: config.args ?? [],
        ...(Object.keys(env).length > 0 ? { env } : {}),
        ...(config.watchPaths?.length ? { watchPaths: config.watchPaths } : {}),
        ...common,
      },
      inputs: [],
    };
  }
  const inputs: ProjectEntryOut['inputs'] = [];
  const headers = Object.fromEntries(
    Object.entries(config.headers ?? {}).map(([key, value]) => {
      const id = inputId(record.name, key);
      const out = shareable(key, value, `\${input:${id}}`);
      if (out !== value) inputs.push({ type: 'promptString', id, description: `${key} for ${record.name}`, password: true });
      return [key, out];
    }),
  );
  return { entry: { type: record.type, url: config.url ?? '', ...(Object.keys(headers).length > 0 ? { headers } : {}), ...common }, inputs };
}

/**
 * Writes the global server `id` into the project file (created when absent), replacing an entry of
 * the same name (nameKey) in place and keeping every other entry and field as it was. A broken file is
 * not touched (PROJECT_FILE_INVALID). Returns the project server as it now is.
 */
export async function copyGlobalServerToProject(workspace: WorkspaceService, servers: McpServerConfigService, id: string): Promise<McpServerRecord> {
  const current = workspace.current();
  if (!current) throw new AppError('NO_WORKSPACE');
  const record = servers.get(id);
  const text = await readFile(current.projectFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  let document: Record<string, unknown> = { mcpServers: {} };
  if (text !== undefined) {
    const parsed = parseProjectFile(text, { file: current.projectFile, workspace: current.path });
    if (!parsed.ok) throw invalidFile(parsed.problem);
    document = JSON.parse(text) as Record<string, unknown>;
  }
  const { entry, inputs } = projectEntryOf(record);
  const existing = document.mcpServers as Record<string, unknown>;
  const same = Object.keys(existing).find((name) => nameKey(name) === nameKey(record.name));
  // Rebuilt in the same order, so a replaced entry stays where it was.
  const mcpServers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(existing)) mcpServers[name === same ? record.name : name] = name === same ? entry : value;
  if (same === undefined) mcpServers[record.name] = entry;
  const knownInputs = Array.isArray(document.inputs) ? (document.inputs as { id?: unknown }[]) : [];
  const newInputs = inputs.filter((input) => !knownInputs.some((known) => known.id === input.id));
  const next = { ...document, mcpServers, ...(knownInputs.length + newInputs.length > 0 ? { inputs: [...knownInputs, ...newInputs] } : {}) };
  // Checked as the file it will be before it is written: a copy the project file would refuse changes nothing.
  const check = parseProjectFile(JSON.stringify(next, null, 2), { file: current.projectFile, workspace: current.path });
  if (!check.ok) throw invalidFile(check.problem);
  await writeJsonAtomic(current.projectFile, next);
  workspace.reload();
  const written = workspace.findProjectServerByName(record.name);
  if (!written) throw new AppError('NOT_FOUND', { params: { id: record.name } });
  return written;
}
