/**
 * Where traces of the app's database statements come from. The server installs a tracer (OpenTelemetry,
 * only when tracing is configured); this package stays free of it and, without one, each statement pays
 * one check. The statement's text is the SQL with its placeholders ($1, $2…), never its parameters.
 * Hand-written because neither driver (postgres.js, PGlite) has an OpenTelemetry instrumentation.
 */
import type { Database } from "./database.ts";

export interface StatementTracer {
  /** Runs one statement in a span of its own, a child of the caller's. */
  statement<T>(kind: Database["kind"], text: string, run: () => Promise<T>): Promise<T>;
  /** Runs a transaction in a span whose children are its statements. */
  transaction<T>(kind: Database["kind"], run: () => Promise<T>): Promise<T>;
}

let tracer: StatementTracer | undefined;

/** Installs (or with undefined removes) the tracer every database of this process reports to. */
export function traceStatements(next: StatementTracer | undefined): void {
  tracer = next;
}

/** The tracer installed now, if any. */
export const statementTracer = (): StatementTracer | undefined => tracer;
