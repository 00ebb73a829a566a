/**
 * The images users attach, one file each under `<dataDir>/attachments/<conversation>/<attachment>`,
 * private to the user (0600, folders 0700) like the rest of the data dir. Files rather than rows for
 * the reasons ToolResultStore gives: a 5 MB image written through better-sqlite3 would hold the event
 * loop and grow the WAL with every message, and a later turn reads only the images it sends again.
 * Names are hashes of the ids.
 *
 * Images are written synchronously, before their message is committed: `chat.send` commits the
 * message or throws with nothing stored, and a failed commit removes the files again.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

export interface StoredImage {
  id: string;
  bytes: Buffer;
}

export class AttachmentStore {
  constructor(private readonly dir: string) {}

  /** Writes every image atomically (a temporary file renamed), or none: a failure removes those written. */
  saveSync(conversationId: string, images: readonly StoredImage[]): void {
    if (images.length === 0) return;
    const written: string[] = [];
    try {
      fs.mkdirSync(this.folder(conversationId), { recursive: true, mode: 0o700 });
      for (const image of images) {
        const file = this.file(conversationId, image.id);
        const temporary = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
        try {
          fs.writeFileSync(temporary, image.bytes, { mode: 0o600, flag: 'wx' });
          fs.renameSync(temporary, file);
        } catch (error) {
          fs.rmSync(temporary, { force: true });
          throw error;
        }
        written.push(image.id);
      }
    } catch (error) {
      this.removeSync(conversationId, written);
      throw error;
    }
  }

  /** Removes these images (their message was not committed). */
  removeSync(conversationId: string, ids: readonly string[]): void {
    for (const id of ids) fs.rmSync(this.file(conversationId, id), { force: true });
  }

  /** The image's bytes, or undefined when it is not stored. */
  async load(conversationId: string, id: string): Promise<Buffer | undefined> {
    try {
      return await fsp.readFile(this.file(conversationId, id));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Removes every image of a conversation (it was deleted). */
  async removeConversation(conversationId: string): Promise<void> {
    await fsp.rm(this.folder(conversationId), { recursive: true, force: true });
  }

  private folder(conversationId: string): string {
    return path.join(this.dir, hashed(conversationId));
  }

  private file(conversationId: string, id: string): string {
    return path.join(this.folder(conversationId), hashed(id));
  }
}

function hashed(id: string): string {
  return crypto.createHash('sha256').update(id).digest('hex').slice(0, 32);
}
