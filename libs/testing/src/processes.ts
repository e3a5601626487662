import { spawn, type ChildProcess } from 'node:child_process';

/** A built process a test started, once it said it is ready. */
export interface ReadyProcess {
  child: ChildProcess;
  /** The match of `ready` in the line that said so. */
  ready: RegExpExecArray;
}

/**
 * Starts `node <main>` (a built app) as a child process and waits for the line it prints when it is ready (`ready`
 * matches it). Every line it prints goes to `logs`. When it exits first, or has not said so within `limitMs` (it is
 * then killed: a process that never answered must not outlive the test run), the start fails with everything it
 * printed, naming it as `what`.
 */
export function startNodeProcess(options: {
  main: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  what: string;
  ready: RegExp;
  logs: string[];
  limitMs: number;
}): Promise<ReadyProcess> {
  const { what, logs } = options;
  const child = spawn(process.execPath, [options.main], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise<ReadyProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${what} did not start in ${options.limitMs / 1000} s:\n${logs.join('\n')}`));
    }, options.limitMs);
    const onLine = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        logs.push(line);
        const ready = options.ready.exec(line);
        if (ready) {
          clearTimeout(timer);
          resolve({ child, ready });
        }
      }
    };
    child.stdout!.on('data', onLine);
    child.stderr!.on('data', onLine);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code}:\n${logs.join('\n')}`));
    });
  });
}

/** Stops a child process: SIGTERM, and SIGKILL when it has not exited after a grace of 5 s. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  // The grace timer is cleared once the child exits: left running, it held the test process 5 s.
  let grace: NodeJS.Timeout | undefined;
  await Promise.race([exited, new Promise((r) => (grace = setTimeout(r, 5000)))]);
  clearTimeout(grace);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
