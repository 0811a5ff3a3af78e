/**
 * The server's background jobs: the memory-model fit (review-model/fitter.ts) and the daily review
 * reminders (reminders/sender.ts). Each runs on the server process holding its lease in the database,
 * so several processes never run one twice; both stop before the database closes.
 */
import type { Database } from "@jcba/db";
import type { FastifyInstance } from "fastify";
import { createReminderSender } from "../reminders/sender.ts";
import { createModelFitter } from "../review-model/fitter.ts";
import type { Config } from "./config.ts";

export async function startBackgroundJobs(app: FastifyInstance, config: Config, database: Database) {
  const fitter = createModelFitter({
    database,
    log: app.log,
    fitHours: config.FSRS_FIT_HOURS,
    maxUnionReviews: config.FSRS_FIT_MAX_REVIEWS,
  });
  const sender = createReminderSender({
    database,
    log: app.log,
    subject: config.PUSH_SUBJECT,
    allowedHosts: config.PUSH_SERVICE_HOSTS,
  });
  app.addHook("onClose", async () => {
    await Promise.all([fitter.stop(), sender.stop()]);
  });
  app.addHook("onReady", async () => {
    await fitter.start();
    sender.start();
  });
}
