// @ts-check
/**
 * Confinement of every path the `files` server touches to one root folder.
 *
 * Two checks, because either alone is not enough: a lexical one (the path, resolved against the root,
 * stays inside it — this stops `..` and foreign absolute paths before the disk is touched), then one on
 * the real path (realpath resolves every symlink — this stops a link inside the root that points out).
 * Residual risk, accepted for a read-only tool: a component swapped for a symlink between the check
 * and the open by another local process. The model cannot do that; the server never writes.
 */
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

export class FileAccessError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'FileAccessError';
  }
}

/**
 * @param {string} root an absolute, real path
 * @param {string} candidate an absolute path
 */
export function isInside(root, candidate) {
  const rel = relative(root, candidate);
  if (rel === '') return true;
  return rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/**
 * @typedef {object} ResolvedPath
 * @property {string} real the real absolute path, inside the root
 * @property {string} display the path relative to the root, with `/` separators (`.` for the root)
 */

/**
 * @typedef {object} RootGuard
 * @property {string} root
 * @property {(userPath: string | undefined) => Promise<ResolvedPath>} resolve
 * @property {(real: string) => string} display
 */

/**
 * @param {string} rootArg the folder the user picked
 * @returns {Promise<RootGuard>}
 */
export async function createRootGuard(rootArg) {
  const givenRoot = resolve(rootArg);
  const root = await realpath(givenRoot).catch(() => {
    throw new FileAccessError(`root folder not found: ${rootArg}`);
  });
  if (!(await stat(root)).isDirectory()) throw new FileAccessError(`root is not a folder: ${rootArg}`);

  /** @param {string} real */
  const display = (real) => relative(root, real).split(sep).join('/') || '.';

  /**
   * The lexical check. An absolute path may name the root as the user gave it (say /tmp/x where /tmp
   * is a symlink, as on macOS) or by its real path; both are accepted and mapped onto the real root.
   * @param {string} given
   */
  const toCandidate = (given) => {
    if (!isAbsolute(given)) {
      const candidate = resolve(root, given);
      return isInside(root, candidate) ? candidate : undefined;
    }
    const absolute = resolve(given);
    if (isInside(root, absolute)) return absolute;
    if (isInside(givenRoot, absolute)) return join(root, relative(givenRoot, absolute));
    return undefined;
  };

  /** @param {string | undefined} userPath */
  const resolvePath = async (userPath) => {
    const given = userPath === undefined || userPath === '' ? '.' : userPath;
    if (given.includes('\0')) throw new FileAccessError('path contains a NUL character');
    const candidate = toCandidate(given);
    if (candidate === undefined) throw new FileAccessError(`access denied: ${given} is outside the shared folder`);
    const real = await realpath(candidate).catch((/** @type {NodeJS.ErrnoException} */ error) => {
      throw new FileAccessError(error.code === 'ENOENT' || error.code === 'ENOTDIR' ? `not found: ${given}` : `cannot access ${given}: ${error.code ?? error.message}`);
    });
    if (!isInside(root, real)) throw new FileAccessError(`access denied: ${given} links outside the shared folder`);
    return { real, display: display(real) };
  };

  return { root, resolve: resolvePath, display };
}
