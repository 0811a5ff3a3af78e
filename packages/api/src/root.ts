import { accountRouter } from "./router/account.ts";
import { adminRouter } from "./router/admin.ts";
import { analysisRouter } from "./router/analysis.ts";
import { authRouter } from "./router/auth.ts";
import { flashcardsRouter } from "./router/flashcards.ts";
import { masteryRouter } from "./router/mastery.ts";
import { progressRouter } from "./router/progress.ts";
import { questionsRouter } from "./router/questions.ts";
import { testsRouter } from "./router/tests.ts";
import { transferRouter } from "./router/transfer.ts";
import { router } from "./trpc.ts";

export const appRouter = router({
  auth: authRouter,
  questions: questionsRouter,
  flashcards: flashcardsRouter,
  mastery: masteryRouter,
  progress: progressRouter,
  tests: testsRouter,
  admin: adminRouter,
  transfer: transferRouter,
  account: accountRouter,
  analysis: analysisRouter,
});

export type AppRouter = typeof appRouter;
