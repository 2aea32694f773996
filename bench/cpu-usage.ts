// CPU time by process group, read from /proc (Linux only; elsewhere every figure is 0), so that a
// benchmark can say where a phase's CPU went: this process, the service processes it spawned (server or
// workers), its own helper processes (`other`: the webhooks benchmark's receiver) and the databases
// (other jobs on the machine make wall-clock figures noisy; CPU per item is steadier).
import { readdirSync, readFileSync } from 'node:fs';

export type CpuGroups = Record<'bench' | 'service' | 'other' | 'mariadb' | 'postgres', number>;

const TICK_MS = 10; // USER_HZ is 100 on Linux.

function ticks(pid: string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]); // utime + stime
  } catch {
    return 0;
  }
}

function comm(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** CPU milliseconds used so far by each group (processes that exited meanwhile are not counted). */
export function cpuSnapshot(servicePids: number[], otherPids: number[] = []): CpuGroups {
  const out: CpuGroups = { bench: 0, service: 0, other: 0, mariadb: 0, postgres: 0 };
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return out;
  }
  const service = new Set(servicePids.map(String));
  const other = new Set(otherPids.map(String));
  for (const pid of pids) {
    const ms = ticks(pid) * TICK_MS;
    if (pid === String(process.pid)) out.bench += ms;
    else if (service.has(pid)) out.service += ms;
    else if (other.has(pid)) out.other += ms;
    else {
      const name = comm(pid);
      if (name === 'mariadbd' || name === 'mysqld') out.mariadb += ms;
      else if (name === 'postgres') out.postgres += ms;
    }
  }
  return out;
}

/** CPU milliseconds per group between two snapshots. */
export function cpuDelta(before: CpuGroups, after: CpuGroups): CpuGroups {
  const keys = Object.keys(before) as (keyof CpuGroups)[];
  return Object.fromEntries(keys.map((k) => [k, Math.max(0, after[k] - before[k])])) as CpuGroups;
}
