// The stack's process trees (the Java emulators run in sessions of their own, out of reach of a
// process-group signal) and who holds a port. On Linux from /proc, read without starting a process on
// the supervisor's one-second timer; elsewhere (macOS) from `ps` and `lsof`, which both systems have.
// PRICE_ALERTS_NO_PROC=1 takes the second path on Linux too: the tests prove it there.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';

const hasProc = existsSync('/proc/self/stat');
/** Read at each call, so a test can switch paths. */
const useProc = () => hasProc && process.env.PRICE_ALERTS_NO_PROC !== '1';

const warned = new Set();
/** The command's output; undefined when it did not finish (a timeout, a signal, too little memory). */
const attempt = (cmd, args) => {
  try {
    // A timeout: lsof can hang on a stale network mount, and the supervisor with it.
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5_000 });
  } catch (error) {
    if (error.code === 'ENOENT' && !warned.has(cmd)) {
      warned.add(cmd);
      // Without it the process trees look empty and emulators in sessions of their own would be left running.
      console.error(`${cmd} is not installed: the stack cannot see its processes' children or a port's holder.`);
    }
    // ps and lsof exit 1 when nothing matches, with what they found (nothing) on stdout.
    return error.status === 1 && typeof error.stdout === 'string' ? error.stdout : undefined;
  }
};
/**
 * Asked up to three times: on a loaded machine ps can be killed by the timeout, and an empty answer
 * taken for "no such process" would let a stop skip a live emulator.
 */
const run = (cmd, args) => attempt(cmd, args) ?? attempt(cmd, args) ?? attempt(cmd, args) ?? '';

let psTable;
/**
 * Every process as `ps` lists it: parent, state and start time (to the second). One `ps` serves the
 * calls made in one synchronous stretch (the supervisor asks for each of its processes in turn); the
 * next callback asks afresh, so a process that announced itself meanwhile (a ready line) is listed.
 */
function processTable() {
  if (psTable) return psTable;
  const rows = new Map();
  for (const line of run('ps', ['-A', '-o', 'pid=,ppid=,stat=,lstart=']).split('\n')) {
    const [pid, ppid, state, ...started] = line.trim().split(/\s+/);
    if (pid && ppid && state)
      rows.set(Number(pid), { ppid: Number(ppid), state: state[0], started: started.join(' ') });
  }
  psTable = rows;
  queueMicrotask(() => (psTable = undefined));
  return rows;
}

/** The fields of /proc/<pid>/stat after the command name, which may hold spaces and parentheses. */
export function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * When the process started (clock ticks since boot from /proc, the date from ps), or undefined once
 * it is gone: with the pid it names one process, so a pid handed to another process is never signalled.
 */
export function startTime(pid) {
  return useProc() ? statFields(pid)?.[19] : processTable().get(pid)?.started;
}

const pids = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** Each process's parent. */
function parents() {
  if (!useProc()) return new Map([...processTable()].map(([pid, row]) => [pid, row.ppid]));
  const found = new Map();
  for (const pid of pids()) {
    const fields = statFields(pid);
    if (fields) found.set(pid, Number(fields[1]));
  }
  return found;
}

/** Every live descendant of `root` (children, their children...), whatever session they are in. */
export function descendants(root) {
  const children = new Map();
  for (const [pid, parent] of parents()) {
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(pid);
  }
  const found = [];
  const queue = [root];
  while (queue.length) {
    for (const child of children.get(queue.shift()) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/**
 * A zombie counts as dead: it holds no port and no memory, and where nothing reaps orphans (a
 * container whose pid 1 is this launcher) it would stay a zombie for good.
 */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code === 'EPERM';
  }
  if (useProc()) return statFields(pid)?.[0] !== 'Z';
  // Asked afresh, not from the shared table: a stop waits on this, and a zombie may be seconds old.
  // Not listed: it went (and was reaped) between the two questions.
  const state = run('ps', ['-o', 'stat=', '-p', String(pid)]).trim();
  return state !== '' && !state.startsWith('Z');
}

export function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

export function commandLine(pid) {
  if (!useProc()) return run('ps', ['-o', 'command=', '-p', String(pid)]).trim();
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '';
  }
}

/** The inodes of sockets listening on `port` (IPv4 and IPv6). */
function listeningInodes(port) {
  const inodes = new Set();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      // State 0A is LISTEN.
      if (!local || fields[3] !== '0A') continue;
      if (parseInt(local.split(':')[1], 16) === port) inodes.add(fields[9]);
    }
  }
  return inodes;
}

/** The process listening on `port`, if this user can see it. */
export function portHolder(port) {
  if (!useProc()) {
    const pid = Number(run('lsof', ['-nP', `-iTCP:${port}`, '-sTCP:LISTEN', '-t']).split('\n')[0]);
    return pid > 0 ? { pid, command: commandLine(pid) } : undefined;
  }
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return undefined;
  for (const pid of pids()) {
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let link;
      try {
        link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const match = /^socket:\[(\d+)\]$/.exec(link);
      if (match && inodes.has(match[1])) return { pid, command: commandLine(pid) };
    }
  }
  return undefined;
}

/** Whether something can listen on 127.0.0.1:`port` right now. */
export function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** For each port that is taken: the port, its name and who holds it. */
export async function takenPorts(ports) {
  const taken = [];
  for (const { port, name } of ports) {
    if (!(await portFree(port))) taken.push({ port, name, holder: portHolder(port) });
  }
  return taken;
}

const findHolder = (port) =>
  process.platform === 'linux' ? `ss -ltnp 'sport = :${port}'` : `lsof -nP -iTCP:${port} -sTCP:LISTEN`;

/** A message that names each holder and how to stop it. */
export function describeTakenPorts(taken) {
  const lines = taken.map(({ port, name, holder }) =>
    holder
      ? `  port ${port} (${name}) is held by pid ${holder.pid}: ${holder.command.slice(0, 160)}\n` +
        `    stop it with: kill ${holder.pid}   (kill -9 ${holder.pid} if it does not exit)`
      : `  port ${port} (${name}) is held by a process this user cannot see; find it with: ${findHolder(port)}`,
  );
  return `The local stack cannot start: ${taken.length === 1 ? 'a port it needs is' : 'ports it needs are'} taken.\n${lines.join('\n')}\nIs another \`npm start\` or test run still running?`;
}
