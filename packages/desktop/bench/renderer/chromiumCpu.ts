/**
 * CPU time Chromium's processes used, read from /proc: unlike the page's own timings it barely moves
 * when other work shares the machine, so it compares commits on a loaded machine. Linux only.
 */
import { readFile } from 'node:fs/promises';
import { collectTree, parseProcStat, readProcessTable } from '../../app/main/mcp/process/processTable';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

export interface ChromiumCpu {
  /** The page's renderer process (the main thread and its workers). */
  rendererMs: number;
  /** Every Chromium process (browser, GPU/compositor, renderer, utilities). */
  allMs: number;
}

async function cpuMsOf(pid: number): Promise<{ ms: number; renderer: boolean } | undefined> {
  try {
    const [stat, cmdline] = await Promise.all([readFile(`/proc/${pid}/stat`, 'utf8'), readFile(`/proc/${pid}/cmdline`, 'utf8')]);
    if (!parseProcStat(stat) || !cmdline.includes('chrom')) return undefined;
    // Fields after the ")" that ends the command name: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { ms: (ticks * 1000) / TICKS_PER_SECOND, renderer: cmdline.includes('--type=renderer') };
  } catch {
    return undefined;
  }
}

/** CPU used so far by the Chromium processes this bench started; undefined where /proc is absent. */
export async function chromiumCpu(): Promise<ChromiumCpu | undefined> {
  if (process.platform !== 'linux') return undefined;
  const tree = collectTree(process.pid, await readProcessTable(process.platform));
  const usage = (await Promise.all(tree.map((info) => cpuMsOf(info.pid)))).filter((u) => u !== undefined);
  return { rendererMs: usage.filter((u) => u.renderer).reduce((sum, u) => sum + u.ms, 0), allMs: usage.reduce((sum, u) => sum + u.ms, 0) };
}
