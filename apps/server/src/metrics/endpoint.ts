/**
 * GET /metrics, off unless configured: on the app's own port behind a Bearer token (METRICS_TOKEN), or
 * on a listener of its own (METRICS_PORT on METRICS_HOST, 127.0.0.1 by default) that only the
 * monitoring network reaches (and that also asks for the token when one is set).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { refusal } from "../http/errors.ts";
import type { MetricsSource } from "./cluster.ts";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compares digests, so the time taken says nothing about the token. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? "";
  const given = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
  return given !== "" && timingSafeEqual(digest(given), digest(token));
}

export function registerMetricsRoute(app: FastifyInstance, source: MetricsSource, token: string | undefined) {
  app.get("/metrics", async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header("Cache-Control", "no-store");
    if (token !== undefined && !bearerMatches(request, token)) {
      reply.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return reply.code(401).send(refusal("UNAUTHORIZED", "The metrics need the configured Bearer token."));
    }
    const text = await source.text();
    return reply.type(source.contentType).send(text);
  });
}

/** A listener that serves only /metrics; resolves with it once it listens. */
export async function listenForMetrics(
  source: MetricsSource,
  where: { host: string; port: number; token?: string | undefined },
): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  registerMetricsRoute(server, source, where.token);
  await server.listen({ host: where.host, port: where.port });
  return server;
}
