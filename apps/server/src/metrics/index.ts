/** Metrics for the app being built, when configured (see endpoint.ts for where /metrics is served). */
import cluster from "node:cluster";
import type { Database } from "@jcba/db";
import type { FastifyInstance } from "fastify";
import type { OverloadGuard } from "../http/overload.ts";
import type { Config } from "../process/config.ts";
import { metricsSourceFor } from "./cluster.ts";
import { listenForMetrics, registerMetricsRoute } from "./endpoint.ts";
import { createMetrics, observeAdmission, observeRequests } from "./registry.ts";

export const metricsEnabled = (config: Config) =>
  config.METRICS_TOKEN !== undefined || config.METRICS_PORT !== undefined;

/**
 * Counts this app's requests and serves /metrics: on the app's port behind the token, or on a listener
 * of its own, which in a cluster the primary process opens instead (main.ts). Resolves with that
 * listener when this process opened it.
 */
export async function registerMetrics(
  app: FastifyInstance,
  config: Config,
  database: Database,
  overload: OverloadGuard,
): Promise<FastifyInstance | undefined> {
  if (!metricsEnabled(config)) return undefined;
  const metrics = createMetrics(database);
  observeRequests(app, metrics.registry, overload);
  observeAdmission(overload, metrics.registry);
  const source = metricsSourceFor(metrics.registry);
  let listener: FastifyInstance | undefined;
  if (config.METRICS_PORT === undefined) registerMetricsRoute(app, source, config.METRICS_TOKEN);
  else if (!cluster.isWorker) {
    listener = await listenForMetrics(source, {
      host: config.METRICS_HOST,
      port: config.METRICS_PORT,
      token: config.METRICS_TOKEN,
    });
  }
  app.addHook("onClose", async () => {
    metrics.close();
    await listener?.close();
  });
  return listener;
}
