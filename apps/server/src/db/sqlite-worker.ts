import { Worker } from 'node:worker_threads';

/**
 * A worker thread that runs SQLite work for the main thread (off-thread-reads.ts starts two): messages with an
 * id answered `{id, rows}` or `{id, error}`, notices without an id passed to `onNotice`, and `'close'` to end it.
 * The worker holds the process open only while a call waits for it, so that its timers never keep a finished
 * command alive.
 */
export interface SqliteWorker {
  call(message: Record<string, unknown>): Promise<unknown[]>;
  /** False once the worker has stopped (or is closing). */
  running(): boolean;
  /** Asks the worker to close its connections and waits until it has exited. */
  close(): Promise<void>;
}

type Reply = { id: number; rows?: unknown[]; error?: string } | { notice: unknown };

export function startSqliteWorker(
  source: string,
  workerData: Record<string, unknown>,
  onNotice: (notice: unknown) => void = () => undefined,
): SqliteWorker {
  const worker = new Worker(source, { eval: true, workerData });
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let next = 0;
  let running = true;
  worker.on('message', (reply: Reply) => {
    if ('notice' in reply) {
      onNotice(reply.notice);
      return;
    }
    const call = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (waiting.size === 0) worker.unref();
    if (reply.error !== undefined) call?.reject(new Error(reply.error));
    else call?.resolve(reply.rows ?? []);
  });
  worker.on('error', (error) => {
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  });
  worker.once('exit', () => {
    running = false;
    for (const call of waiting.values()) call.reject(new Error('The SQLite worker has stopped'));
    waiting.clear();
  });
  // After the listeners: adding a 'message' listener refs the port.
  worker.unref();

  return {
    call(message) {
      const id = (next += 1);
      return new Promise<unknown[]>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ id, ...message });
      });
    },
    running: () => running,
    async close() {
      if (!running) return;
      running = false;
      // Held (ref) until it exits: an idle worker is unref'd, and a process waiting only for an unref'd
      // worker's exit (its last checkpoint can take seconds) ends there, its closing never finished.
      worker.ref();
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await exited;
    },
  };
}
