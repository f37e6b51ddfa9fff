import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** utime, stime, cutime, cstime and the parent of a process, from /proc/{pid}/stat. */
function times(pid: number): { own: number; children: number; parent: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const at = (field: number) => Number(fields[field - 3]);
    return { own: at(14) + at(15), children: at(16) + at(17), parent: at(4) };
  } catch {
    return null;
  }
}

/**
 * CPU seconds the Postgres server has used so far: the postmaster, its live backends, and those that
 * have ended (counted into the postmaster's children's times when reaped). Null when /proc or the
 * cluster's postmaster.pid cannot be read.
 */
export function postgresCpuSeconds(dataDirectory: string): number | null {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(join(dataDirectory, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  const server = times(postmaster);
  if (!server) return null;
  let ticks = server.own + server.children;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = times(Number(entry));
    if (child?.parent === postmaster) ticks += child.own;
  }
  return ticks / TICKS;
}
