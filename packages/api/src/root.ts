import { accountRouter } from "./router/account.ts";
import { adminRouter } from "./router/admin.ts";
import { analysisRouter } from "./router/analysis.ts";
import { authRouter } from "./router/auth.ts";
import { backupsRouter } from "./router/backups.ts";
import { editionsRouter } from "./router/editions.ts";
import { flagsRouter } from "./router/flags.ts";
import { flashcardsRouter } from "./router/flashcards.ts";
import { invitationsRouter } from "./router/invitations.ts";
import { masteryRouter } from "./router/mastery.ts";
import { progressRouter } from "./router/progress.ts";
import { pushRouter } from "./router/push.ts";
import { questionsRouter } from "./router/questions.ts";
import { readinessRouter } from "./router/readiness.ts";
import { reportsRouter } from "./router/reports.ts";
import { reviewRouter } from "./router/review.ts";
import { searchRouter } from "./router/search.ts";
import { studyPlanRouter } from "./router/study-plan.ts";
import { testsRouter } from "./router/tests.ts";
import { transferRouter } from "./router/transfer.ts";
import { versionsRouter } from "./router/versions.ts";
import { router } from "./trpc/procedures.ts";

export const appRouter = router({
  auth: authRouter,
  questions: questionsRouter,
  flashcards: flashcardsRouter,
  flags: flagsRouter,
  mastery: masteryRouter,
  review: reviewRouter,
  progress: progressRouter,
  tests: testsRouter,
  admin: adminRouter,
  transfer: transferRouter,
  account: accountRouter,
  search: searchRouter,
  reports: reportsRouter,
  analysis: analysisRouter,
  push: pushRouter,
  readiness: readinessRouter,
  versions: versionsRouter,
  studyPlan: studyPlanRouter,
  backups: backupsRouter,
  editions: editionsRouter,
  invitations: invitationsRouter,
});

export type AppRouter = typeof appRouter;
