// CPU and memory of the processes under load, read from /proc (Linux): the server's process (with
// PGlite inside it), PostgreSQL's processes when it runs on this machine, the load generator itself
// and the whole machine. Every figure shares the same 2 cores, so the report shows them side by side.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ: /proc counts CPU time in hundredths of a second on Linux.

const read = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process ended between listing and reading
  }
};

/** A process's CPU seconds so far (user + system), or 0 when it is gone. */
export function processCpu(pid) {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return 0;
  // Fields after the command (which may hold spaces) in parentheses: utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** A process's resident memory in MB, or 0 when it is gone. */
export function processRssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(read(`/proc/${pid}/status`) ?? '');
  return match ? Number(match[1]) / 1024 : 0;
}

/** The pids of PostgreSQL's server processes on this machine (none for PGlite, or a remote one). */
export function postgresPids() {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && read(`/proc/${name}/comm`)?.trim() === 'postgres')
    .map(Number);
}

/** The whole machine's busy and total CPU seconds so far (all cores). */
export function machineCpu() {
  const [, ...values] = read('/proc/stat').split('\n')[0].trim().split(/\s+/).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: busy / TICKS, total: (busy + idle + iowait) / TICKS };
}

/**
 * Samples the figures once a second; `take()` gives each second's CPU use (in cores: 1 = one core
 * busy) and the server's RSS, since the last call.
 */
export function usageSampler({ serverPid }) {
  let last = snapshot();
  function snapshot() {
    const pgPids = postgresPids();
    const own = process.cpuUsage();
    return {
      at: performance.now(),
      server: processCpu(serverPid),
      database: pgPids.reduce((sum, pid) => sum + processCpu(pid), 0),
      generator: (own.user + own.system) / 1e6,
      machine: machineCpu().busy,
    };
  }
  return {
    take() {
      const now = snapshot();
      const seconds = (now.at - last.at) / 1000;
      // A PostgreSQL backend that ended in the window takes its CPU with it: never below zero.
      const cores = (key) => Math.max(0, (now[key] - last[key]) / seconds);
      const sample = { server: cores('server'), database: cores('database'), generator: cores('generator'), machine: cores('machine'), serverRssMb: processRssMb(serverPid) };
      last = now;
      return sample;
    },
  };
}
