/** zod schemas of the memory model and the workload forecast. */
import { MAX_RETENTION, MIN_RETENTION } from "@jcba/domain";
import { z } from "zod";

export const modelSummary = z.object({
  source: z.enum(["default", "union", "member"]),
  reviews: z.number().int(),
  logLoss: z.number().nullable(),
  fittedAt: z.string().nullable(),
  improvement: z.number().nullable(),
});

export const workloadInput = z.object({
  retention: z.coerce
    .number({ error: "retention must be a number." })
    .min(MIN_RETENTION, `retention must be at least ${MIN_RETENTION}.`)
    .max(MAX_RETENTION, `retention must be at most ${MAX_RETENTION}.`)
    .optional(),
  days: z.coerce
    .number({ error: "days must be a number." })
    .int("days must be a whole number.")
    .min(1, "days must be at least 1.")
    .max(365, "days must be at most 365.")
    .default(30),
});

export const workloadDay = z.object({ date: z.string(), due: z.number().int(), new: z.number().int() });

export const fitAccepted = z.object({ requested: z.literal(true) });
