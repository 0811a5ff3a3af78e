/**
 * Traces (OpenTelemetry), on only when OTEL_EXPORTER_OTLP_ENDPOINT is set: a span per request
 * (@fastify/otel) holding the tRPC procedure it ran and the database statements it waited for, sent
 * over OTLP. Off, none of OpenTelemetry is loaded (every import here is dynamic) and the request path
 * pays one check per procedure and statement. The request's log lines carry its trace id.
 * Metrics stay with prom-client (/metrics): the SDK sends traces only.
 */
import type { FastifyOtelInstrumentation } from "@fastify/otel";
import { type Database, traceStatements } from "@jcba/db";
import type { Span, Tracer } from "@opentelemetry/api";
import type { SpanProcessor } from "@opentelemetry/sdk-trace-base";
import type { FastifyInstance } from "fastify";
import type { Config } from "../process/config.ts";

export interface Tracing {
  /** Adds the request spans and the trace id on the request's log lines. */
  register(app: FastifyInstance): Promise<void>;
  /** Runs a tRPC procedure in a span of its own. */
  procedure<T>(path: string, run: () => Promise<T>): Promise<T>;
  /** Sends the spans still buffered and stops. */
  shutdown(): Promise<void>;
}

/** A span per statement is named by its first words (SELECT, INSERT INTO users…), as semantic conventions ask. */
const operationOf = (text: string) => text.trimStart().split(/\s+/, 1)[0]!.toUpperCase();

/**
 * Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set, or with `spanProcessors` (a test's in-memory
 * exporter); undefined otherwise, having loaded nothing.
 */
export async function startTracing(
  config: Config,
  options: { spanProcessors?: SpanProcessor[] } = {},
): Promise<Tracing | undefined> {
  if (!config.OTEL_EXPORTER_OTLP_ENDPOINT && !options.spanProcessors) return undefined;
  const [{ NodeSDK }, { FastifyOtelInstrumentation }, api] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@fastify/otel"),
    import("@opentelemetry/api"),
  ]);
  const instrumentation: FastifyOtelInstrumentation = new FastifyOtelInstrumentation({
    // Registered on the app by hand (register below), not by patching fastify's module at load.
    registerOnInitialization: false,
    // Health checks and scrapes come every few seconds and say nothing about members' requests.
    ignorePaths: ({ url }) => url === "/api/health" || url === "/metrics",
  });
  const sdk = new NodeSDK({
    serviceName: config.OTEL_SERVICE_NAME,
    instrumentations: [instrumentation],
    // Without processors the SDK builds the OTLP exporter from the standard OTEL_* variables.
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : {}),
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  const tracer: Tracer = api.trace.getTracer("jcba-study-hub");

  /** Runs `run` in `span`'s context and ends the span with its outcome. */
  const within = async <T>(span: Span, run: () => Promise<T>): Promise<T> => {
    try {
      return await api.context.with(api.trace.setSpan(api.context.active(), span), run);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: api.SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  };
  const system = (kind: Database["kind"]) => ({
    "db.system": "postgresql",
    "db.system.name": "postgresql",
    // PGlite is PostgreSQL built to WebAssembly, embedded in the server.
    ...(kind === "pglite" ? { "db.client": "pglite" } : {}),
  });
  traceStatements({
    statement(kind, text, run) {
      const span = tracer.startSpan(operationOf(text), {
        kind: api.SpanKind.CLIENT,
        attributes: {
          ...system(kind),
          "db.statement": text,
          "db.query.text": text,
          "db.operation.name": operationOf(text),
        },
      });
      return within(span, run);
    },
    transaction(kind, run) {
      return within(tracer.startSpan("transaction", { kind: api.SpanKind.CLIENT, attributes: system(kind) }), run);
    },
  });

  return {
    async register(app) {
      await app.register(instrumentation.plugin());
      // Every log line of the request (the access log's included) carries its trace id.
      app.addHook("onRequest", (request, _reply, done) => {
        const otel = request.opentelemetry();
        if (otel.enabled) {
          const { traceId, spanId } = otel.span.spanContext();
          request.log = request.log.child({ traceId, spanId });
        }
        done();
      });
    },
    procedure(path, run) {
      const span = tracer.startSpan(`procedure ${path}`, { attributes: { "rpc.system": "trpc", "rpc.method": path } });
      return within(span, async () => {
        const result = await run();
        // tRPC hands a failure on as a result, not a throw.
        if ((result as { ok?: boolean }).ok === false) span.setStatus({ code: api.SpanStatusCode.ERROR });
        return result;
      });
    },
    async shutdown() {
      traceStatements(undefined);
      await sdk.shutdown();
    },
  };
}
