/**
 * A full disk, a read-only data dir or database, a damaged page and an emptied database file each
 * reach the user as their own translated error (DISK_FULL, READ_ONLY, DB_CORRUPT, DB_EMPTY) — at
 * start and in any later call — never as INTERNAL or a reasonless "could not be opened", and never
 * by storing half of a change or starting afresh over data a WAL still holds. Real SQLite files
 * throughout: the disk fills through SQLite's own page limit, read-only is what the OS refuses
 * (an immutable file for root, whom modes do not stop; the mode otherwise).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../app/main/db/database';
import { fileStorageError, sqliteStorageError } from '../../app/main/db/storageErrors';
import { AppError } from '../../app/main/lib/errors';
import { type AppServices, createAppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { appErrorData } from '../../app/main/routers/trpc';
import { SECRET_KEY_FILE } from '../../app/main/secrets/FileKeySecretStore';
import { SECRET_SET } from '../../app/shared/contracts/secrets';
import { PID_REGISTRY_FILE } from '../../app/main/mcp/process/PidRegistry';
import { fixture } from '../mcp/helpers';
import { cleanEnv, localeText, runCli, SPAWN_TIMEOUT_MS } from '../cli/cliProcess';
import { openChat, record } from '../chat/chatHarness';
import { tempDir } from '../support/tempDir';
import { rejection } from '../support/appHarness';

const open: AppServices[] = [];
const undo: (() => void)[] = [];
afterEach(async () => {
  for (const restore of undo.splice(0).reverse()) restore();
  for (const services of open.splice(0)) await services.dispose();
});

const isRoot = process.getuid?.() === 0;

/** Makes a file or folder one the OS refuses to write, until the test ends. */
function makeReadOnly(target: string): void {
  if (isRoot) {
    execFileSync('chattr', ['+i', target]);
    undo.push(() => execFileSync('chattr', ['-i', target]));
  } else {
    const { mode } = fs.statSync(target);
    fs.chmodSync(target, fs.statSync(target).isDirectory() ? 0o500 : 0o400);
    undo.push(() => fs.chmodSync(target, mode));
  }
}

function openServices(dataDir: string): AppServices {
  const services = createAppServices({ dataDir });
  open.push(services);
  return services;
}

const server = (name: string, extra = '') => ({ name, type: 'stdio' as const, command: 'node', args: ['server.js', extra] });

function thrownBy(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected an AppError');
}

/** A data dir with one stored server, closed again. */
async function seededDataDir(): Promise<string> {
  const dataDir = path.join(tempDir(), 'Elftia');
  const services = createAppServices({ dataDir });
  services.mcpServers.add({ ...server('kept'), env: {}, watchPaths: [], timeoutSec: 20, enabled: true });
  await services.dispose();
  return dataDir;
}

describe('storage failures in a call', () => {
  it('a full disk is DISK_FULL naming the database, and the change is not stored half-way', async () => {
    const dataDir = await seededDataDir();
    const services = openServices(dataDir);
    const caller = createAppCaller({ services });
    const pages = services.db.pragma('page_count', { simple: true }) as number;
    // SQLite's own limit: every write that needs one more page fails with SQLITE_FULL, as on a full disk.
    services.db.pragma(`max_page_count = ${pages}`);

    const error = await rejection(caller.mcp.add(server('big', 'x'.repeat(20_000))));
    expect(appErrorData(error)).toEqual({ code: 'DISK_FULL', params: { path: path.join(dataDir, DATABASE_FILE) } });

    services.db.pragma('max_page_count = 1073741823');
    expect((await caller.mcp.list()).map((s) => s.name)).toEqual(['kept']);
  });

  it('a read-only database file is READ_ONLY on the first write, in the router and in the CLI (Japanese)', { timeout: SPAWN_TIMEOUT_MS }, async () => {
    const dataDir = await seededDataDir();
    const file = path.join(dataDir, DATABASE_FILE);
    makeReadOnly(file);
    const services = openServices(dataDir);
    const caller = createAppCaller({ services });
    expect((await caller.mcp.list()).map((s) => s.name)).toEqual(['kept']);

    const error = await rejection(caller.mcp.add(server('new')));
    expect(appErrorData(error)).toEqual({ code: 'READ_ONLY', params: { path: file } });

    const cli = await runCli(['mcp', 'add', 'new', '--transport', 'stdio', '--command', 'node', '--data-dir', dataDir], cleanEnv({ LANG: 'ja_JP.UTF-8' }));
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(localeText('ja', 'errors.READ_ONLY', { path: file }));
  });

  it('the first secret on a disk that refuses its key file is a storage error naming secret.key, leaves no key file, and is stored once there is room', async () => {
    // Root fills a real tmpfs (ENOSPC); anyone else gets a data dir the OS refuses to write in.
    const mountPoint = tempDir();
    if (isRoot) {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mountPoint]);
      undo.push(() => execFileSync('umount', ['-l', mountPoint]));
    }
    const dataDir = path.join(mountPoint, 'Elftia');
    const services = openServices(dataDir);
    const caller = createAppCaller({ services });
    await caller.mcp.list();
    const filler = path.join(mountPoint, 'filler');
    if (isRoot) {
      const fd = fs.openSync(filler, 'w');
      try {
        for (;;) fs.writeSync(fd, Buffer.alloc(64 * 1024));
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
      } finally {
        fs.closeSync(fd);
      }
    } else {
      makeReadOnly(dataDir);
    }
    const withSecret = { ...server('secret'), env: { TOKEN: 'sk-live-1234567890' } };
    const keyFile = path.join(dataDir, SECRET_KEY_FILE);

    const error = await rejection(caller.mcp.add(withSecret));
    expect(appErrorData(error)).toEqual({ code: isRoot ? 'DISK_FULL' : 'READ_ONLY', params: { path: keyFile } });
    // No empty key file that would make every later secret unreadable, no temporary file either.
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith(SECRET_KEY_FILE))).toEqual([]);
    expect(await caller.mcp.list()).toEqual([]);

    if (isRoot) fs.rmSync(filler);
    else for (const restore of undo.splice(0).reverse()) restore();
    await caller.mcp.add(withSecret);
    expect((await caller.mcp.list()).map((s) => [s.name, s.config.env])).toEqual([['secret', { TOKEN: SECRET_SET }]]);
  });

  it('a damaged interior page is DB_CORRUPT when a query reaches it, and the file is left as it was', async () => {
    const dataDir = path.join(tempDir(), 'Elftia');
    const seed = createAppServices({ dataDir });
    for (let i = 0; i < 60; i++) seed.mcpServers.add({ ...server(`s${i}`, 'y'.repeat(400)), env: {}, watchPaths: [], timeoutSec: 20, enabled: true });
    const { pageno, pageSize } = seed.db
      .prepare<[], { pageno: number; pageSize: number }>("SELECT pageno, (SELECT page_size FROM pragma_page_size) AS pageSize FROM dbstat WHERE name = 'mcp_servers' AND pagetype = 'internal'")
      .get()!;
    await seed.dispose();
    const file = path.join(dataDir, DATABASE_FILE);
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (pageno - 1) * pageSize);
    fs.closeSync(fd);
    const damaged = fs.readFileSync(file);

    // Page 1 (the schema) is intact: the database opens, and what does not touch the page works.
    const services = openServices(dataDir);
    const caller = createAppCaller({ services });
    expect(await caller.providers.list()).toEqual([]);
    const error = await rejection(caller.mcp.list());
    expect(appErrorData(error)).toEqual({ code: 'DB_CORRUPT', params: { path: file } });
    await services.dispose();
    open.splice(0);
    expect(fs.readFileSync(file).equals(damaged)).toBe(true);
  });
});

describe('storage failures in a chat turn', () => {
  it('a disk that fills during a reply shows DISK_FULL as one notice of the turn', async () => {
    const setup = openChat({ storageError: (error) => sqliteStorageError(error, setup.file) });
    const { chat, engine, db } = setup;
    engine.add(async (options) => {
      db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
      options.onEvent({ type: 'step_start', stepIndex: 0 });
      for (let i = 0; i < 5; i++) options.onEvent({ type: 'text', stepIndex: 0, delta: 'z'.repeat(20_000) });
      return { messages: [{ role: 'assistant', text: 'z'.repeat(100_000), toolCalls: [] }], stopReason: 'answered' };
    });
    const conversation = chat.create({ providerId: 'p1' });
    const events = record(chat, conversation.id);
    chat.send(conversation.id, 'Write a lot');
    await chat.settled(conversation.id);

    expect(events.filter((event) => event.type === 'notice')).toEqual([{ type: 'notice', code: 'DISK_FULL', params: { path: setup.file } }]);
  });
});

describe('storage failures at start', () => {
  it('a read-only data dir is READ_ONLY, not a reasonless DB_OPEN_FAILED', async () => {
    const dataDir = await seededDataDir();
    makeReadOnly(dataDir);
    const error = thrownBy(() => openServices(dataDir));
    expect(error.code).toBe('READ_ONLY');
    expect(error.params).toEqual({ path: path.join(dataDir, DATABASE_FILE) });
  });

  it('a process registry that cannot be written (as on a full disk) does not stop the start: a server still connects and answers', async () => {
    const dataDir = await seededDataDir();
    // A folder where processes.json belongs: every rewrite of it fails, for any user (modes do not stop root).
    fs.mkdirSync(path.join(dataDir, PID_REGISTRY_FILE, 'blocked'), { recursive: true });
    const services = openServices(dataDir);
    await services.start();
    const caller = createAppCaller({ services });
    const added = await caller.mcp.add({ name: 'raw', type: 'stdio', command: process.execPath, args: [fixture('raw-stdio-server.mjs')] });
    const result = await caller.mcp.callTool({ id: added.id, tool: 'echo', arguments: { message: 'still here' } });
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: still here' }]);
  });

  it('a data dir that cannot be made says why (DB_OPEN_FAILED with the reason)', () => {
    const blocker = path.join(tempDir(), 'a-file');
    fs.writeFileSync(blocker, '');
    const error = thrownBy(() => openServices(path.join(blocker, 'Elftia')));
    expect(error.code).toBe('DB_OPEN_FAILED');
    expect(error.params).toEqual({ path: path.join(blocker, 'Elftia', DATABASE_FILE), reason: expect.stringContaining('ENOTDIR') });
  });

  it('an emptied database whose WAL still holds the data is refused, WAL and file untouched (and the CLI says so in Chinese)', { timeout: SPAWN_TIMEOUT_MS }, async () => {
    const dataDir = path.join(tempDir(), 'Elftia');
    const file = path.join(dataDir, DATABASE_FILE);
    const services = createAppServices({ dataDir });
    services.mcpServers.add({ ...server('kept'), env: {}, watchPaths: [], timeoutSec: 20, enabled: true });
    // What a crash leaves: the committed change only in the WAL (closing would checkpoint it).
    const wal = fs.readFileSync(`${file}-wal`);
    await services.dispose();
    fs.truncateSync(file, 0);
    fs.writeFileSync(`${file}-wal`, wal);

    const error = thrownBy(() => openServices(dataDir));
    expect(error.code).toBe('DB_EMPTY');
    expect(error.params).toEqual({ path: file, evidence: `${file}-wal` });
    const cli = await runCli(['mcp', 'list', '--data-dir', dataDir], cleanEnv({ LANG: 'zh_CN.UTF-8' }));
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(localeText('zh', 'errors.DB_EMPTY', { path: file, evidence: `${file}-wal` }));
    expect(fs.statSync(file).size).toBe(0);
    expect(fs.readFileSync(`${file}-wal`).equals(wal)).toBe(true);
  });

  it('an emptied database beside its key file is refused; a deleted one starts afresh', async () => {
    const dataDir = await seededDataDir();
    const file = path.join(dataDir, DATABASE_FILE);
    fs.truncateSync(file, 0);
    const error = thrownBy(() => openServices(dataDir));
    expect(error.code).toBe('DB_EMPTY');
    expect(error.params).toEqual({ path: file, evidence: path.join(dataDir, SECRET_KEY_FILE) });
    expect(fs.statSync(file).size).toBe(0);

    fs.rmSync(file);
    expect(await createAppCaller({ services: openServices(dataDir) }).mcp.list()).toEqual([]);
  });
});

describe('which failure is which', () => {
  const file = '/data/elftia.db';
  const sqlite = (code: string) => new Database.SqliteError('failed', code);
  const errno = (code: string) => Object.assign(new Error(code), { code });

  it.each([
    ['SQLITE_FULL', 'DISK_FULL'],
    ['SQLITE_READONLY', 'READ_ONLY'],
    ['SQLITE_READONLY_DBMOVED', 'READ_ONLY'],
    ['SQLITE_IOERR', 'IO_ERROR'],
    ['SQLITE_IOERR_WRITE', 'IO_ERROR'],
    ['SQLITE_IOERR_FSYNC', 'IO_ERROR'],
    // What opening a WAL database on a full disk fails with (its -shm cannot grow); it used to read as a failing disk.
    ['SQLITE_IOERR_SHMSIZE', 'DISK_FULL'],
    ['SQLITE_CORRUPT', 'DB_CORRUPT'],
    ['SQLITE_CORRUPT_INDEX', 'DB_CORRUPT'],
    ['SQLITE_NOTADB', 'DB_CORRUPT'],
  ])('SQLite %s is %s', (code, expected) => {
    expect(sqliteStorageError(sqlite(code), file)?.toData()).toEqual({ code: expected, params: { path: file } });
  });

  it.each([['ENOSPC', 'DISK_FULL'], ['EDQUOT', 'DISK_FULL'], ['EROFS', 'READ_ONLY'], ['EACCES', 'READ_ONLY'], ['EPERM', 'READ_ONLY'], ['EIO', 'IO_ERROR']])(
    'file system %s is %s',
    (code, expected) => {
      expect(fileStorageError(errno(code), file)?.toData()).toEqual({ code: expected, params: { path: file } });
    },
  );

  it('leaves other errors alone: a constraint, a busy lock, a missing file, a plain Error', () => {
    expect(sqliteStorageError(sqlite('SQLITE_CONSTRAINT_UNIQUE'), file)).toBeUndefined();
    expect(sqliteStorageError(sqlite('SQLITE_BUSY'), file)).toBeUndefined();
    expect(sqliteStorageError(errno('ENOSPC'), file)).toBeUndefined();
    expect(fileStorageError(errno('ENOENT'), file)).toBeUndefined();
    expect(fileStorageError(new Error('x'), file)).toBeUndefined();
  });
});
