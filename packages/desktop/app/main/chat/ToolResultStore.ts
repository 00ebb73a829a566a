/**
 * Whole tool results too large to keep in their message (see toolResultView.ts), one file each under
 * `<dataDir>/tool-results/<conversation>/<message>/<call>.json`, read only when the user asks for all
 * of a result. Files rather than rows: the write is asynchronous (a 50 MB row written through
 * better-sqlite3 held the host's event loop for a third of a second) and the database and its WAL
 * stay small. Names are hashes of the ids: a provider's call id is any string.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeJsonInSlices } from './jsonSlices';
import type { ToolResult } from './toolResultView';

export class ToolResultStore {
  /** Writes in progress by file: a read waits for its file's, a removal for its conversation's. */
  private readonly writing = new Map<string, Promise<void>>();

  constructor(private readonly dir: string) {}

  /**
   * Writes atomically (a temporary file renamed), private to the user like the rest of the data dir,
   * serialized in slices so a huge result never holds the event loop for long.
   */
  save(conversationId: string, messageId: string, callId: string, result: ToolResult): Promise<void> {
    const file = this.file(conversationId, messageId, callId);
    const write = this.write(file, result).finally(() => {
      if (this.writing.get(file) === write) this.writing.delete(file);
    });
    this.writing.set(file, write);
    return write;
  }

  /** Resolves once every write started so far has ended (shutdown). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.writing.values()]);
  }

  private async write(file: string, result: ToolResult): Promise<void> {
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
    const handle = await fs.open(temporary, 'w', 0o600);
    try {
      try {
        await writeJsonInSlices(result, async (piece) => {
          await handle.write(piece);
        });
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  /** The stored result, or undefined when there is none. */
  async load(conversationId: string, messageId: string, callId: string): Promise<ToolResult | undefined> {
    const file = this.file(conversationId, messageId, callId);
    await this.writing.get(file)?.catch(() => {});
    let json: string;
    try {
      json = await fs.readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    return JSON.parse(json) as ToolResult;
  }

  /** Removes every result of a conversation (it was deleted), after its writes in progress. */
  async removeConversation(conversationId: string): Promise<void> {
    const dir = path.join(this.dir, hashed(conversationId));
    await Promise.allSettled([...this.writing].filter(([file]) => file.startsWith(dir + path.sep)).map(([, write]) => write));
    await fs.rm(dir, { recursive: true, force: true });
  }

  /** Removes the results of some messages (edited away, or an answer run again), after their writes in progress. */
  async removeMessages(conversationId: string, messageIds: readonly string[]): Promise<void> {
    const dirs = messageIds.map((id) => path.join(this.dir, hashed(conversationId), hashed(id)));
    const inDirs = (file: string) => dirs.some((dir) => file.startsWith(dir + path.sep));
    await Promise.allSettled([...this.writing].filter(([file]) => inDirs(file)).map(([, write]) => write));
    await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  }

  private file(conversationId: string, messageId: string, callId: string): string {
    return path.join(this.dir, hashed(conversationId), hashed(messageId), `${hashed(callId)}.json`);
  }
}

function hashed(id: string): string {
  return crypto.createHash('sha256').update(id).digest('hex').slice(0, 32);
}
