/**
 * One scrape for every worker: with WORKERS > 1 each worker keeps its own registry, and the primary
 * process sums them with prom-client's cluster aggregator. A scrape that lands on a worker (the
 * token-protected /metrics on the shared port) asks the primary for the sum over IPC; a separate
 * metrics listener (METRICS_PORT) runs in the primary itself.
 */
import cluster from "node:cluster";
import { AggregatorRegistry, type Registry } from "prom-client";

/** What a /metrics route answers with. */
export interface MetricsSource {
  contentType: string;
  text(): Promise<string>;
}

const ASK = "jcba:metrics-ask";
const ANSWER = "jcba:metrics-answer";
const ASK_TIMEOUT_MS = 10_000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** In the primary process of a cluster: the sum over the workers, also for workers that ask for it. */
export function primaryMetricsSource(): MetricsSource {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: Ask) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (e: Error) => worker.send({ type: ANSWER, id: message.id, error: e.message } satisfies Answer),
    );
  });
  return { contentType: aggregator.contentType, text: () => aggregator.clusterMetrics() };
}

/** This process's metrics; in a cluster's worker, the sum over every worker, from the primary. */
export function metricsSourceFor(registry: Registry): MetricsSource {
  if (!cluster.isWorker || !process.send) {
    return { contentType: registry.contentType, text: () => registry.metrics() };
  }
  // Answers the primary's requests with this worker's registry (prom-client listens once set up).
  AggregatorRegistry.setRegistries(registry);
  new AggregatorRegistry();
  let next = 0;
  const waiting = new Map<number, (answer: Answer) => void>();
  process.on("message", (message: Answer) => {
    if (message?.type === ANSWER) waiting.get(message.id)?.(message);
  });
  return {
    contentType: registry.contentType,
    text() {
      const id = next++;
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error("the primary process did not answer with the workers' metrics"));
        }, ASK_TIMEOUT_MS);
        waiting.set(id, (answer) => {
          clearTimeout(timer);
          waiting.delete(id);
          if (answer.text !== undefined) resolve(answer.text);
          else reject(new Error(answer.error ?? "no metrics"));
        });
        process.send!({ type: ASK, id } satisfies Ask);
      });
    },
  };
}
