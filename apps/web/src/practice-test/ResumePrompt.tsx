import { Button } from "@chakra-ui/react";
import { formatDuration, formatHistoryDate } from "@jcba/domain";
import { MessageCard } from "../components/PageStates.tsx";
import { answeredCount, type SavedAttempt } from "./storage.ts";

/** A test found on this device: how far it got, with Resume and Discard. */
export function ResumePrompt({
  attempt,
  onResume,
  onDiscard,
}: {
  attempt: SavedAttempt;
  onResume: () => void;
  onDiscard: () => void;
}) {
  const answered = answeredCount(attempt);
  const total = attempt.questions.length;
  const started = formatHistoryDate(new Date(attempt.startedAt));
  return (
    <MessageCard
      title="Resume your practice test?"
      actions={
        <>
          <Button colorPalette="brand" minH="44px" onClick={onResume}>
            Resume
          </Button>
          <Button variant="outline" minH="44px" onClick={onDiscard}>
            Discard
          </Button>
        </>
      }
    >
      {attempt.finishedSeconds !== null
        ? `You finished a ${total}-question test on ${started}, but it has not been recorded yet. Resume to submit it.`
        : `You started a ${total}-question test on ${started} on this device: ${answered} of ${total} answered, ${formatDuration(attempt.elapsedSeconds)} used${attempt.limitSeconds !== null ? ` of ${attempt.limitSeconds / 60} minutes` : ""}. The clock was paused while you were away.`}
    </MessageCard>
  );
}
