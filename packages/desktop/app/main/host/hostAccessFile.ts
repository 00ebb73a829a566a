/**
 * The headless host's address — its access token and port — kept in the data dir so that both
 * survive a restart: a tab left open on the printed address reconnects by itself instead of being
 * locked out. `elftia serve --new-token` replaces the token (every open tab must then be given the
 * new address); `--port` overrides the port.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { fileStorageError } from '../db/storageErrors';
import { PRIVATE_FILE_MODE } from '../lib/privateDataDir';

export const HOST_ACCESS_FILE = 'host.json';

const fileSchema = z.object({
  // What newAccessToken makes (32 bytes, base64url) or longer: a weaker token in the file is replaced.
  token: z.string().regex(/^[A-Za-z0-9_-]{43,512}$/),
  port: z.number().int().min(1).max(65535),
});

export type HostAccess = z.infer<typeof fileSchema>;

/** The stored address, or undefined when there is none or it is unusable (it is then replaced). */
export function readHostAccess(dataDir: string): HostAccess | undefined {
  const file = path.join(dataDir, HOST_ACCESS_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fileStorageError(error, file) ?? error;
  }
  try {
    const parsed = fileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Stores the address owner-only, through a temporary file and a rename (never half a token). */
export function writeHostAccess(dataDir: string, access: HostAccess): void {
  const file = path.join(dataDir, HOST_ACCESS_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, `${JSON.stringify(access)}\n`, { mode: PRIVATE_FILE_MODE });
    fs.renameSync(tmp, file);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw fileStorageError(error, file) ?? error;
  }
}
