import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

const sectionCheck = (column: string) => sql.raw(`${column} BETWEEN 1 AND 32`);

/** Where a shipped item's facts come from, shown to members beside the citation. */
const sourceColumns = () => ({
  /** URL of the source the item rests on. */
  source: text(),
  /** Its short label, e.g. "AFA article, Feb 6, 2019". */
  sourceLabel: text(),
  secondSource: text(),
  secondSourceLabel: text(),
});

export const users = pgTable(
  "users",
  {
    id: serial().primaryKey(),
    email: text().notNull().unique(),
    firstName: text().notNull().default(""),
    lastName: text().notNull().default(""),
    profileImageUrl: text(),
    isAdmin: boolean().notNull().default(false),
    passwordHash: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("users_email_lowercase", sql`${t.email} = lower(${t.email})`)],
);

/** Lucia-style sessions: the id is the SHA-256 of the cookie token, never the token itself. */
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** When the member signed in: a session never outlives its absolute lifetime, however often it is used. */
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Personal API tokens for scripts (Authorization: Bearer …); only the SHA-256 is stored. */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    /** Tokens made before expiry existed get 90 days from the upgrade. */
    expiresAt: timestamp({ withTimezone: true }).notNull().default(sql`now() + interval '90 days'`),
    /** "read" tokens may only call queries; "write" tokens may also change data. */
    scope: text({ enum: ["read", "write"] })
      .notNull()
      .default("write"),
  },
  (t) => [
    index("api_tokens_user_idx").on(t.userId),
    check("api_tokens_scope_valid", sql`${t.scope} IN ('read', 'write')`),
  ],
);

/**
 * Sign-in and sign-up attempts counted per key (an address or an account) in a fixed window, in the
 * database so that every server process and a restart see the same counts.
 */
export const authLimits = pgTable(
  "auth_limits",
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    windowEndsAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("auth_limits_window_idx").on(t.windowEndsAt)],
);

/**
 * The audit trail: security events (sign-ins, lockouts, role and password changes, tokens) and admin
 * actions, with who did it, to what, and from where. Never a password or a hash.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: serial().primaryKey(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer().references(() => users.id, { onDelete: "set null" }),
    kind: text().notNull(),
    targetType: text(),
    targetId: text(),
    before: jsonb(),
    after: jsonb(),
    requestId: text(),
    ip: text(),
  },
  (t) => [
    index("audit_events_actor_idx").on(t.actorUserId, t.createdAt),
    index("audit_events_kind_idx").on(t.kind, t.createdAt),
    index("audit_events_created_idx").on(t.createdAt),
  ],
);

export const questions = pgTable(
  "questions",
  {
    id: serial().primaryKey(),
    /** Stable key of a shipped item (e.g. s07-q03); null for items an admin created. */
    contentKey: text().unique(),
    sectionNumber: integer().notNull(),
    questionType: text({ enum: ["multiple-choice", "fill-in-blank"] }).notNull(),
    questionText: text().notNull(),
    options: jsonb().$type<string[] | null>(),
    correctAnswer: text().notNull(),
    explanation: text().notNull(),
    citation: text(),
    /** Fill-in only: other spellings graded as correct ("three" for "3"). */
    alternatives: jsonb().$type<string[] | null>(),
    ...sourceColumns(),
    /** Set when an admin edits the item, so the content loader never overwrites it. */
    editedAt: timestamp({ withTimezone: true }),
    /** Withdrawn from study, tests and lists; members' answers and past tests keep it. */
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("questions_section_range", sectionCheck("section_number")),
    check("questions_type_valid", sql`${t.questionType} IN ('multiple-choice', 'fill-in-blank')`),
    check(
      "questions_options_shape",
      sql`(${t.questionType} = 'multiple-choice' AND jsonb_typeof(${t.options}) = 'array' AND jsonb_array_length(${t.options}) = 4) OR (${t.questionType} = 'fill-in-blank' AND ${t.options} IS NULL)`,
    ),
    check(
      "questions_text_present",
      sql`length(btrim(${t.questionText})) > 0 AND length(btrim(${t.correctAnswer})) > 0 AND length(btrim(${t.explanation})) > 0`,
    ),
    index("questions_section_idx").on(t.sectionNumber, t.id),
  ],
);

export const flashcards = pgTable(
  "flashcards",
  {
    id: serial().primaryKey(),
    contentKey: text().unique(),
    sectionNumber: integer().notNull(),
    term: text().notNull(),
    definition: text().notNull(),
    citation: text(),
    ...sourceColumns(),
    editedAt: timestamp({ withTimezone: true }),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("flashcards_section_range", sectionCheck("section_number")),
    check("flashcards_text_present", sql`length(btrim(${t.term})) > 0 AND length(btrim(${t.definition})) > 0`),
    index("flashcards_section_idx").on(t.sectionNumber, t.id),
  ],
);

/** Keys of shipped items an admin deleted, so an upgrade does not bring them back. */
export const contentTombstones = pgTable("content_tombstones", {
  contentKey: text().primaryKey(),
  deletedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const flashcardMastery = pgTable(
  "flashcard_mastery",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    flashcardId: integer()
      .notNull()
      .references(() => flashcards.id, { onDelete: "cascade" }),
    mastered: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.flashcardId] })],
);

export const testAttempts = pgTable(
  "test_attempts",
  {
    /** Chosen by the client, so a retried submit records one attempt. */
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sectionsIncluded: integer().array().notNull(),
    /** The questions in the test, in the order shown (answered ones also have a question attempt). */
    questionIds: integer().array().notNull(),
    totalQuestions: integer().notNull(),
    score: integer().notNull(),
    timeSpentSeconds: integer().notNull(),
  },
  (t) => [
    check("test_attempts_score_range", sql`${t.score} BETWEEN 0 AND 100`),
    check("test_attempts_counts", sql`${t.totalQuestions} > 0 AND ${t.timeSpentSeconds} >= 0`),
    index("test_attempts_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Every answer a member submitted; the id is chosen by the client so a retry is recorded once. */
export const questionAttempts = pgTable(
  "question_attempts",
  {
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    sectionNumber: integer().notNull(),
    userAnswer: text().notNull(),
    isCorrect: boolean().notNull(),
    testAttemptId: uuid().references(() => testAttempts.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Multiple choice: the index of the chosen option in the question's stored option list (not its screen position). */
    chosenOption: smallint(),
    /** Whether this was the member's first answer to the question (decided with question_results, race-free). */
    isFirst: boolean(),
    /** Time the member took, as the client measured it (optional; REST scripts may leave it out). */
    timeTakenMs: integer(),
  },
  (t) => [
    index("question_attempts_user_idx").on(t.userId, t.createdAt),
    index("question_attempts_question_idx").on(t.questionId),
    index("question_attempts_test_idx").on(t.testAttemptId),
    // Item analysis and peer statistics read first answers only, straight from this index.
    index("question_attempts_first_idx")
      .on(t.questionId, t.isCorrect, t.chosenOption, t.userId, t.timeTakenMs)
      .where(sql`${t.isFirst}`),
    check("question_attempts_chosen_option_range", sql`${t.chosenOption} BETWEEN 0 AND 3`),
    check("question_attempts_time_taken_range", sql`${t.timeTakenMs} BETWEEN 0 AND 86400000`),
  ],
);

/**
 * Each member's latest result per question, kept in the same statement as the attempt. Section
 * progress (distinct questions answered, how many of those the latest answer got right) is read
 * from here, so it can never drift from the attempts.
 */
export const questionResults = pgTable(
  "question_results",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    sectionNumber: integer().notNull(),
    isCorrect: boolean().notNull(),
    attempts: integer().notNull().default(1),
    lastAttemptAt: timestamp({ withTimezone: true }).notNull(),
    /** The answer that last changed this row, so a retry racing its own first try is counted once. */
    lastAttemptId: uuid(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    index("question_results_user_section_idx").on(t.userId, t.sectionNumber),
  ],
);

/**
 * Each member's first answers over the whole bank, kept in the answer statement: item analysis
 * correlates an item with the member's score on the rest of the bank without rescanning every answer.
 */
export const memberFirstTotals = pgTable(
  "member_first_totals",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    answered: integer().notNull(),
    correct: integer().notNull(),
  },
  (t) => [check("member_first_totals_counts", sql`${t.correct} BETWEEN 0 AND ${t.answered}`)],
);

/**
 * Item analysis of a section as last computed: per question id, the sums of its first answers. Read
 * at once by the admin screen and refreshed behind it when older than a few minutes (or on request),
 * so a bank with millions of answers never makes an admin wait for the full scan twice.
 */
export const itemAnalysisSnapshots = pgTable(
  "item_analysis_snapshots",
  {
    sectionNumber: integer().primaryKey(),
    computedAt: timestamp({ withTimezone: true }).notNull(),
    sums: jsonb().$type<Record<string, unknown>>().notNull(),
  },
  () => [check("item_analysis_snapshots_section_range", sectionCheck("section_number"))],
);
