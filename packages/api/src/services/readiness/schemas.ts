/** zod schemas of readiness (predicted recall per section and overall, and its forecast) and calibration. */
import { z } from "zod";

export const readinessInput = z
  .object({
    at: z.iso
      .date("at must be a date written YYYY-MM-DD.")
      .optional()
      .describe("A day from today on (the member's time zone): the forecast for that day, with no review assumed."),
    reviews: z
      .enum(["none", "kept"], { error: "reviews must be none or kept." })
      .optional()
      .describe(
        "kept: the forecast if the member keeps their daily reviews (each item reviewed when due, at their retention); none (the default): no review until then.",
      ),
  })
  .optional();

const share = (description: string) => z.number().min(0).max(1).nullable().meta({ description });

export const readiness = z.object({
  at: z.string().meta({ description: "The instant the recall is predicted for (ISO 8601)." }),
  overall: z.object({
    recall: share("Mean predicted recall (0–1) over every active question; null when the bank is empty."),
    coverage: share("Share of active questions the member has reviewed (0–1)."),
    items: z.number().int().meta({ description: "Active questions counted." }),
    seen: z.number().int().meta({ description: "Of those, the ones the member has reviewed." }),
  }),
  sections: z.array(
    z.object({
      sectionNumber: z.number().int(),
      recall: share("Mean predicted recall over the section's active questions; null when it has none."),
      coverage: share("seen / total; null when the section has no questions."),
      seen: z.number().int(),
      total: z.number().int(),
    }),
  ),
});

export const calibrationInput = z
  .object({
    scope: z
      .enum(["member", "union"], { error: "scope must be member or union." })
      .optional()
      .describe("union: every member's reviews (admins only); member (the default): the signed-in member's."),
  })
  .optional();

export const calibration = z.object({
  scope: z.enum(["member", "union"]),
  minimumReviews: z.number().int().meta({ description: "Reviews needed before the figures are shown." }),
  reviews: z.number().int().meta({ description: "Reviews with a prediction made before the answer." }),
  bins: z.array(
    z.object({
      from: z.number(),
      to: z.number(),
      predicted: share("Mean predicted recall of the bin's reviews; null when it has none."),
      actual: share("Share of the bin's reviews actually recalled; null when it has none."),
      count: z.number().int(),
    }),
  ),
});
