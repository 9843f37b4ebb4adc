import { spawn } from 'node:child_process';
import os from 'node:os';

/**
 * sh starts the server in the background and reads its own stdin, a pipe from
 * this process that nothing is ever written to. End of file there (stop()
 * closed it, or this process exited, crashed or was SIGKILLed) sends the server
 * its stop signal; when the server exits, sh exits with its status.
 */
const LIFELINE = `sig=$1; shift
exec 3<&0 </dev/null
"$@" 3<&- &
server=$!
{ read _ <&3; kill -s "$sig" "$server" 2>/dev/null; } &
watcher=$!
exec 3<&-
wait "$server"; status=$?
kill "$watcher" 2>/dev/null; wait "$watcher"
exit "$status"`;

export interface ServerProcessOptions {
  /** What the server takes as a request to shut down cleanly. */
  stopSignal: 'SIGINT' | 'SIGTERM';
  /** How long stop() waits for that before it SIGKILLs the server; 0 for a server with nothing to save, killed at once. */
  graceMs: number;
  /** Run as this user and group (root starting PostgreSQL, which refuses to run as root). */
  uid?: number;
  gid?: number;
}

export interface ServerProcess {
  /** The server's exit status once it has exited, else null. */
  exitCode(): number | null;
  /** The last 4000 characters the server wrote to stderr. */
  stderr(): string;
  /** Resolves once the server has exited. */
  exited: Promise<void>;
  stop(): Promise<void>;
}

/**
 * What a server wrote, kept within `limit` characters: its beginning, where a Go panic names its cause
 * before thousands of characters of goroutine trace, and its end, where a log says what it did last.
 */
export function boundedOutput(limit: number): { add(text: string): void; text(): string } {
  let head = '';
  let tail = '';
  let dropped = false;
  return {
    add(text) {
      const room = limit / 2 - head.length;
      if (room > 0) {
        head += text.slice(0, room);
        text = text.slice(room);
      }
      if (tail.length + text.length > limit / 2) dropped = true;
      tail = (tail + text).slice(-limit / 2);
    },
    text: () => (dropped ? `${head}\n…\n${tail}` : head + tail),
  };
}

/**
 * A server this process owns (the Temporal dev server, embedded PostgreSQL). It
 * runs in a session of its own, so the SIGINT a terminal sends to its
 * foreground process group on Ctrl-C reaches the CLI alone, which stops the
 * server after its own work has ended; and it stops when this process dies in
 * any way, so nothing is left running.
 */
export function startServerProcess(command: string, args: readonly string[], opts: ServerProcessOptions): ServerProcess {
  const child = spawn('/bin/sh', ['-c', LIFELINE, 'lifeline', opts.stopSignal.slice(3), command, ...args], {
    detached: true,
    stdio: ['pipe', 'ignore', 'pipe'],
    ...(opts.uid !== undefined ? { uid: opts.uid, gid: opts.gid } : {}),
  });
  const stderr = boundedOutput(4000);
  child.stderr!.on('data', (chunk: Buffer) => stderr.add(chunk.toString()));
  // The pipe may close under a write once the server has gone; that is the lifeline working.
  child.stdin!.on('error', () => undefined);
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? 128 + os.constants.signals[signal!];
      resolve();
    }),
  );
  return {
    exitCode: () => exitCode,
    stderr: () => stderr.text(),
    exited,
    async stop() {
      if (exitCode !== null) return;
      child.stdin!.end();
      // The whole session: sh, the server and whatever the server started.
      const kill = () => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      };
      if (opts.graceMs === 0) kill();
      const timer = setTimeout(kill, opts.graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
