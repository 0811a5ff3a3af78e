/**
 * First-come queueing in front of PGlite.
 *
 * PGlite is one PostgreSQL backend running in WebAssembly on this process's own thread: it runs one
 * statement at a time, and while it runs nothing else in the process does. Its own lock hands the
 * database from one waiting statement to the next through promise callbacks, so a long queue drains
 * without the event loop ever reading a socket: requests that need no database at all (answered from
 * the session and content caches) wait behind every queued write, and members who arrive during a
 * burst are read only after it. Under a union-sized load that compounds into answers taking seconds.
 *
 * This queue admits one statement (or one whole transaction) at a time in arrival order. Statements
 * run back to back for at most a slice of time; then the event loop gets a turn (setImmediate runs
 * after pending I/O), so new requests are read, cache hits are answered, and newcomers join the back
 * of the line. A short line drains at once, as before; only a long one is cut into slices. Yielding
 * after every statement costs the database throughput under load; the slice bounds how long a
 * request answered from memory can wait behind the database.
 * Hand-written because it is a few lines and the ordering and yielding are the whole point; a
 * general-purpose mutex hands over without yielding.
 */
import type { PGlite, Transaction } from "@electric-sql/pglite";

export class StatementQueue {
  private readonly waiting: (() => void)[] = [];
  private busy = false;
  private sliceStarted = 0;

  /** @param sliceMs how long queued statements may run back to back before the event loop gets a turn. */
  constructor(private readonly sliceMs = 25) {}

  /** How many statements are waiting for their turn. */
  get depth(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.sliceStarted = performance.now();
    this.busy = true;
    try {
      return await work();
    } finally {
      this.handOver();
    }
  }

  private handOver() {
    const next = this.waiting.shift();
    if (!next) {
      this.busy = false;
      return;
    }
    // The database stays taken while it is handed over, so nobody overtakes the next in line.
    if (performance.now() - this.sliceStarted < this.sliceMs) return next();
    setImmediate(() => {
      this.sliceStarted = performance.now();
      next();
    });
  }
}

/** The subset of PGlite that drizzle uses, with every entry point going through one queue. */
export type QueuedPglite = Pick<PGlite, "query" | "exec" | "transaction">;

export function queuedPglite(client: PGlite, queue = new StatementQueue()): QueuedPglite {
  return {
    query: ((...args: Parameters<PGlite["query"]>) => queue.run(() => client.query(...args))) as PGlite["query"],
    exec: (...args) => queue.run(() => client.exec(...args)),
    // A transaction keeps its turn until it commits or rolls back; its statements use `tx` directly.
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => queue.run(() => client.transaction(callback)),
  };
}
