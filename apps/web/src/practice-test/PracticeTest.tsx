/**
 * Practice Test (/test): set-up, taking, results; /test?review={attemptId} shows a past attempt.
 * The screens are views; usePracticeTest holds the attempt and every move between them.
 */
import { ResumePrompt } from "./ResumePrompt.tsx";
import { ReviewView } from "./ReviewView.tsx";
import { SetupScreen } from "./SetupScreen.tsx";
import { SharedTestCard } from "./SharedTestCard.tsx";
import { TakingScreen } from "./TakingScreen.tsx";
import { type PracticeTestRoutes, usePracticeTest } from "./usePracticeTest.ts";

export function PracticeTest({
  code,
  ...routes
}: PracticeTestRoutes & {
  /** A shared test code (/test?code=…), offered instead of the set-up. */
  code?: string;
}) {
  const test = usePracticeTest(routes);

  if (routes.review) return <ReviewView id={routes.review} onNewTest={test.newTest} onRetake={test.retake} />;
  if (test.attempt) return <TakingScreen key={test.attempt.id} attempt={test.attempt} {...test.taking} />;
  if (test.pending)
    return <ResumePrompt attempt={test.pending} onResume={test.resume} onDiscard={test.discardPending} />;
  if (code)
    return (
      <SharedTestCard
        code={code}
        starting={test.shared.starting}
        error={test.shared.error}
        onStart={(tutor) => test.shared.start(code, tutor)}
        onCancel={test.shared.cancel}
      />
    );
  return <SetupScreen {...test.setup} />;
}
