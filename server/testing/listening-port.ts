import type { ChildProcess } from 'node:child_process';

/**
 * The port a server started with `PORT=0` and an IPC channel reports once it listens (server/index.ts sends
 * `{ listening: port }`); rejects when the child exits first or says nothing for a minute.
 */
export function listeningPort(child: ChildProcess, log: () => string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const settle = (done: () => void) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      done();
    };
    const onMessage = (message: { listening?: unknown }) => {
      const port = message.listening;
      if (typeof port === 'number') settle(() => resolve(port));
    };
    const onExit = () => settle(() => reject(new Error(`server exited at start:\n${log()}`)));
    const timer = setTimeout(
      () => settle(() => reject(new Error(`server did not start:\n${log()}`))),
      60_000,
    );
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
