/**
 * First-come queueing in front of PGlite.
 *
 * PGlite is one PostgreSQL backend (on its own thread: thread.ts): it runs one statement at a
 * time, and a transaction's statements travel one by one as BEGIN, statements, COMMIT. This queue
 * admits one statement, or one whole transaction, at a time in arrival order, so a transaction's
 * statements never interleave with anyone else's and a member who asks first is served first. Each
 * turn waits for a message from the database's thread, so the event loop keeps turning while a long
 * line waits: requests that need no database are answered meanwhile.
 * Hand-written because it is a few lines and the first-come order across statements and transactions
 * is the whole point.
 */
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { statementTracer } from "../tracing.ts";
import type { PgliteClient } from "./thread.ts";

export class StatementQueue {
  private readonly waiting: (() => void)[] = [];
  /** When each waiting entry was queued (performance.now()), in the same order. */
  private readonly queuedAt: number[] = [];
  private busy = false;
  /** Told how long each statement or transaction waited for its turn, in seconds (metrics, overload guard). */
  onWait: ((seconds: number) => void) | undefined;

  /** Statements and transactions waiting for their turn. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  /** How long the first in line has waited, in milliseconds (0 when none waits). */
  get oldestWaitMs(): number {
    const first = this.queuedAt[0];
    return first === undefined ? 0 : performance.now() - first;
  }

  /** True while a statement or transaction runs. */
  get running(): boolean {
    return this.busy;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy) {
      const queued = performance.now();
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        this.queuedAt.push(queued);
      });
      this.onWait?.((performance.now() - queued) / 1000);
    } else this.onWait?.(0);
    this.busy = true;
    try {
      return await work();
    } finally {
      // The database stays taken while it is handed over, so nobody overtakes the next in line.
      const next = this.waiting.shift();
      this.queuedAt.shift();
      if (next) next();
      else this.busy = false;
    }
  }
}

/** The subset of PGlite that drizzle uses, with every entry point going through one queue. */
export function queuedPglite(client: PgliteClient, queue = new StatementQueue()): PgliteClient {
  return {
    query: ((...args: Parameters<PGlite["query"]>) =>
      traced(args[0], () => queue.run(() => client.query(...args)))) as PGlite["query"],
    exec: (...args) => traced(args[0], () => queue.run(() => client.exec(...args))),
    // A transaction keeps its turn until it commits or rolls back; its statements use `tx` directly.
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => {
      const tracer = statementTracer();
      if (!tracer) return queue.run(() => client.transaction(callback));
      return tracer.transaction("pglite", () =>
        queue.run(() => client.transaction((tx) => callback(tracedTransaction(tx)))),
      );
    },
  };
}

/** A statement's span, when tracing is on, covering its wait in the queue as well as its run. */
function traced<T>(text: string, run: () => Promise<T>): Promise<T> {
  const tracer = statementTracer();
  return tracer ? tracer.statement("pglite", text, run) : run();
}

/** A transaction's `tx` whose statements each get a span. */
function tracedTransaction(tx: Transaction): Transaction {
  return new Proxy(tx, {
    get(target, key) {
      if (key === "query")
        return (...args: Parameters<Transaction["query"]>) => traced(args[0], () => target.query(...args));
      if (key === "exec")
        return (...args: Parameters<Transaction["exec"]>) => traced(args[0], () => target.exec(...args));
      return Reflect.get(target, key, target);
    },
  });
}
