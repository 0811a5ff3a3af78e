/**
 * What the API tells an operator's monitoring, through node:diagnostics_channel: publishing costs
 * nothing while nobody subscribes, and the API stays free of any metrics library (the server's
 * metrics/ folder subscribes).
 */
import { channel } from "node:diagnostics_channel";

/** One write of answers: those newly stored, and those that arrived again with an id already stored. */
export interface AnswersWritten {
  inserted: number;
  replayed: number;
}
/** A group commit of the answer writer: how many members' answers went in one transaction. */
export interface AnswerGroup {
  size: number;
}
/** A lookup in one of the server's in-memory caches. */
export interface CacheLookup {
  cache: "content" | "question";
  hit: boolean;
}
/** A content snapshot was loaded: `loadedAt` in milliseconds since the epoch. */
export interface ContentLoaded {
  loadedAt: number;
}

/** A sign-in refused: a wrong password or a disabled account (`failure`), or a lockout (`lockout`). */
export interface SigninRefused {
  reason: "failure" | "lockout";
}

export const operationChannels = {
  answersWritten: channel("jcba.answers.written"),
  answerGroup: channel("jcba.answers.group"),
  cacheLookup: channel("jcba.cache.lookup"),
  contentLoaded: channel("jcba.content.loaded"),
  signinRefused: channel("jcba.signin.refused"),
};

export const publish = {
  answersWritten(event: AnswersWritten) {
    if (operationChannels.answersWritten.hasSubscribers) operationChannels.answersWritten.publish(event);
  },
  answerGroup(event: AnswerGroup) {
    if (operationChannels.answerGroup.hasSubscribers) operationChannels.answerGroup.publish(event);
  },
  cacheLookup(event: CacheLookup) {
    if (operationChannels.cacheLookup.hasSubscribers) operationChannels.cacheLookup.publish(event);
  },
  contentLoaded(event: ContentLoaded) {
    if (operationChannels.contentLoaded.hasSubscribers) operationChannels.contentLoaded.publish(event);
  },
  signinRefused(event: SigninRefused) {
    if (operationChannels.signinRefused.hasSubscribers) operationChannels.signinRefused.publish(event);
  },
};
