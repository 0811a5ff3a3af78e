import { questionFields, questionInput } from "@jcba/validators/api";
import { question } from "../services/content/schemas.ts";
import { pastAnswers } from "../services/content/version-schemas.ts";
import { contentItemRouter } from "./content-items.ts";

export const questionsRouter = contentItemRouter({
  kind: "question",
  tag: "Questions",
  path: "/questions",
  item: question,
  input: questionInput,
  // Checked as a whole question once merged with the stored one (services/content/items.ts).
  changes: questionFields.partial().extend({ pastAnswers }),
});
