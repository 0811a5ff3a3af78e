/** zod schemas of a member's plan to a date ('know these sections by this date'). */
import { DEFAULT_PLAN_TARGET, MAX_PLAN_TARGET, MIN_PLAN_TARGET, SECTION_COUNT } from "@jcba/domain";
import { z } from "zod";

const targetMessage = `targetRecall must be from ${MIN_PLAN_TARGET} to ${MAX_PLAN_TARGET}.`;

export const planInput = z.object({
  sections: z
    .array(
      z
        .number({ error: "sections must hold section numbers." })
        .int("sections must hold section numbers.")
        .min(1, `Section numbers are 1 to ${SECTION_COUNT}.`)
        .max(SECTION_COUNT, `Section numbers are 1 to ${SECTION_COUNT}.`),
      { error: "sections must be a list of section numbers." },
    )
    .min(1, "Choose at least one section.")
    .max(SECTION_COUNT, `At most ${SECTION_COUNT} sections.`),
  endDate: z.iso
    .date("endDate must be a date written YYYY-MM-DD.")
    .describe("The last day of the plan, after today in the member's time zone."),
  targetRecall: z
    .number({ error: targetMessage })
    .min(MIN_PLAN_TARGET, targetMessage)
    .max(MAX_PLAN_TARGET, targetMessage)
    .default(DEFAULT_PLAN_TARGET)
    .describe("The predicted recall (0.5–0.99) to reach by the date; 0.9 unless given."),
});
export type PlanInput = z.infer<typeof planInput>;

const share = (description: string) => z.number().min(0).max(1).meta({ description });

export const studyPlan = z.object({
  plan: z
    .object({
      sections: z.array(z.number().int()),
      endDate: z.string(),
      targetRecall: z.number(),
      startDate: z.string(),
      startRecall: share("The plan sections' predicted recall the day it was set."),
      status: z.enum(["active", "ended"]).meta({ description: "ended once its date has passed." }),
      recallNow: share("The plan sections' predicted recall today (the final one once ended)."),
      expected: share("The recall expected today on the straight line from the start to the target."),
      onTrack: z.boolean(),
      items: z.object({
        total: z.number().int(),
        unseen: z.number().int(),
        belowTarget: z
          .number()
          .int()
          .meta({ description: "Seen questions predicted below the target on the date with no review." }),
      }),
      goal: z
        .object({ newItems: z.number().int(), reviews: z.number().int(), daysLeft: z.number().int() })
        .meta({ description: "Today's goal: new questions and reviews a day that reach the target by the date." }),
      summary: z
        .object({ finalRecall: share("The recall reached on the date."), reached: z.boolean() })
        .nullable()
        .meta({ description: "Once the plan has ended: what it reached." }),
    })
    .nullable(),
});
export type StudyPlan = z.infer<typeof studyPlan>;
