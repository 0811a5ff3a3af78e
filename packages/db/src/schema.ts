import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const sectionCheck = (column: string) => sql.raw(`${column} BETWEEN 1 AND 32`);

/** A PostgreSQL text-search document (drizzle has no built-in type for it). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Where a shipped item's facts come from, shown to members beside the citation. */
const sourceColumns = () => ({
  /** URL of the source the item rests on. */
  source: text(),
  /** Its short label, e.g. "AFA article, Feb 6, 2019". */
  sourceLabel: text(),
  secondSource: text(),
  secondSourceLabel: text(),
});

/**
 * What questions and flashcards both keep beside their text: versions, editions, admin edits, archive,
 * and search over their two text columns (`main`, weighing most, then `detail`; the citation last).
 * `self` is the table's own id, which `replaces` points at.
 */
const contentItemColumns = (self: () => AnyPgColumn, [main, detail]: [string, string]) => ({
  /**
   * The item's latest version (question_versions, flashcard_versions), set by a trigger: every create and
   * every change of what a member sees or how it is graded makes a new one; metadata (section, archive) does not.
   */
  version: integer().notNull().default(1),
  /** The contract editions the item is true for (editions.slug); a trigger fills in the one in force when none is given. */
  editions: text().array().notNull().default(sql`'{}'::text[]`),
  /**
   * The item of an earlier edition this one replaces (its text for a later contract): what changed
   * between two editions, and whose review schedule carries over when the answer stays the same.
   */
  replaces: integer().references(self, { onDelete: "set null" }),
  /** Set when an admin edits the item, so the content loader never overwrites it. */
  editedAt: timestamp({ withTimezone: true }),
  /** Withdrawn from study, tests and lists; members' answers and past tests keep it. */
  archivedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Search: the main text weighs most, then the detail, then the citation (English stemming). */
  searchVector: tsvector()
    .notNull()
    .generatedAlwaysAs(
      sql.raw(
        `setweight(to_tsvector('english', ${main}), 'A') || setweight(to_tsvector('english', ${detail}), 'B') || setweight(to_tsvector('english', coalesce(citation, '')), 'C')`,
      ),
    ),
  /** Search: the words a misspelled query is matched against by trigram similarity. */
  searchText: text()
    .notNull()
    .generatedAlwaysAs(sql.raw(`${main} || ' ' || ${detail}`)),
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
    /** Set when an admin disables the account: no sign-in, no session, no API token. */
    disabledAt: timestamp({ withTimezone: true }),
    /** The contract edition the member studies (editions.slug); null: the one in force. */
    studyEdition: text(),
    /**
     * When the member proved the address is theirs (a link followed, a provider that vouches for it,
     * an account an admin made); null until then, and with REQUIRE_EMAIL_VERIFICATION no password sign-in.
     */
    emailVerifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("users_email_lowercase", sql`${t.email} = lower(${t.email})`),
    // The member directory: pages in name order, and prefix search on name or e-mail (text_pattern_ops
    // lets LIKE 'abc%' use a btree whatever the database's collation).
    index("users_name_order_idx").on(t.lastName, t.firstName, t.id),
    index("users_email_prefix_idx").using("btree", t.email.op("text_pattern_ops")),
    index("users_full_name_prefix_idx").using(
      "btree",
      sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`,
    ),
    index("users_last_name_prefix_idx").using("btree", sql`lower(${t.lastName}) text_pattern_ops`),
  ],
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
    /** How (password, passkey, sso): a fresh SSO sign-in confirms a grave change such as deleting the account. */
    signedInWith: text(),
    /** When this session passed the second factor (a TOTP code, a recovery code, or a passkey); admins need it. */
    secondFactorAt: timestamp({ withTimezone: true }),
    /** When the member last proved who they are in this session (sign-in or re-authentication). */
    authenticatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** For 'Signed-in devices': the browser's user agent (cut short) and the address's /24 or /64. */
    userAgent: text(),
    network: text(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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
    /** Admin rights: only an operator makes such a token, with the CLI, for a few days at most. */
    admin: boolean().notNull().default(false),
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
    ...contentItemColumns((): AnyPgColumn => questions.id, ["question_text", "explanation"]),
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
    index("questions_search_idx").using("gin", t.searchVector),
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
    ...contentItemColumns((): AnyPgColumn => flashcards.id, ["term", "definition"]),
  },
  (t) => [
    check("flashcards_section_range", sectionCheck("section_number")),
    check("flashcards_text_present", sql`length(btrim(${t.term})) > 0 AND length(btrim(${t.definition})) > 0`),
    index("flashcards_section_idx").on(t.sectionNumber, t.id),
    index("flashcards_search_idx").using("gin", t.searchVector),
  ],
);

/**
 * Every version of a question, as members saw it: written by a trigger on questions (migration
 * 0011_edit_versions) on create and on each change of the fields below, never updated afterwards.
 * Answers, tests and review log entries point at the version answered.
 */
export const questionVersions = pgTable(
  "question_versions",
  {
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    version: integer().notNull(),
    questionType: text({ enum: ["multiple-choice", "fill-in-blank"] }).notNull(),
    questionText: text().notNull(),
    options: jsonb().$type<string[] | null>(),
    correctAnswer: text().notNull(),
    explanation: text().notNull(),
    citation: text(),
    alternatives: jsonb().$type<string[] | null>(),
    ...sourceColumns(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The admin whose write made it (null for the content loader and for versions made by migration). */
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.version] })],
);

/** Every version of a flashcard, kept as for questions. */
export const flashcardVersions = pgTable(
  "flashcard_versions",
  {
    flashcardId: integer()
      .notNull()
      .references(() => flashcards.id, { onDelete: "cascade" }),
    version: integer().notNull(),
    term: text().notNull(),
    definition: text().notNull(),
    citation: text(),
    ...sourceColumns(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.flashcardId, t.version] })],
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
    /** The version of each question the member was shown, in the order of questionIds. */
    questionVersions: integer().array().notNull(),
    totalQuestions: integer().notNull(),
    score: integer().notNull(),
    timeSpentSeconds: integer().notNull(),
  },
  (t) => [
    check("test_attempts_score_range", sql`${t.score} BETWEEN 0 AND 100`),
    check("test_attempts_counts", sql`${t.totalQuestions} > 0 AND ${t.timeSpentSeconds} >= 0`),
    check("test_attempts_versions_shape", sql`cardinality(${t.questionVersions}) = cardinality(${t.questionIds})`),
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
    /**
     * The version of the question answered (question_versions). No foreign key: its check would lock
     * the version row on every answer (the write path's cost); the version is always the question
     * row's own, and versions go only with their question.
     */
    questionVersion: integer().notNull(),
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
    /** How sure the member said they were: sure, think or guess (optional). */
    confidence: text({ enum: ["sure", "think", "guess"] }),
  },
  (t) => [
    index("question_attempts_user_idx").on(t.userId, t.createdAt),
    index("question_attempts_question_idx").on(t.questionId),
    // Most answers belong to no practice test: they need no entry here.
    index("question_attempts_test_idx").on(t.testAttemptId).where(sql`${t.testAttemptId} IS NOT NULL`),
    // Item analysis (per version) and peer statistics read first answers only, straight from this index.
    index("question_attempts_first_idx")
      .on(t.questionId, t.questionVersion, t.isCorrect, t.chosenOption, t.userId, t.timeTakenMs)
      .where(sql`${t.isFirst}`),
    check("question_attempts_chosen_option_range", sql`${t.chosenOption} BETWEEN 0 AND 3`),
    check("question_attempts_time_taken_range", sql`${t.timeTakenMs} BETWEEN 0 AND 86400000`),
    check("question_attempts_confidence_valid", sql`${t.confidence} IN ('sure', 'think', 'guess')`),
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

/**
 * The search vocabulary: every word (4+ letters, lower case) of the bank and the deck, kept by a
 * trigger on every write (migration 0005_search_words). A misspelled query word is corrected to its
 * closest word here by trigram similarity (pg_trgm, indexed), then searched as text. Words of edited
 * or archived items stay: a correction to a word no item has any more simply finds nothing.
 */
export const searchWords = pgTable("search_words", { word: text().primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gin", t.word.op("gin_trgm_ops")),
]);

/**
 * Spaced repetition: each flashcard a member rated and each question they answered, with its FSRS
 * state. `itemId` is a question's or a flashcard's id, as `itemType` says.
 */
export const reviewItems = pgTable(
  "review_items",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemType: text({ enum: ["question", "flashcard"] }).notNull(),
    itemId: integer().notNull(),
    due: timestamp({ withTimezone: true }).notNull(),
    stability: doublePrecision().notNull(),
    difficulty: doublePrecision().notNull(),
    /** 0 New, 1 Learning, 2 Review, 3 Relearning. */
    state: smallint().notNull(),
    reps: integer().notNull(),
    lapses: integer().notNull(),
    learningSteps: integer().notNull().default(0),
    scheduledDays: integer().notNull().default(0),
    lastReview: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemType, t.itemId] }),
    check("review_items_type_valid", sql`${t.itemType} IN ('question', 'flashcard')`),
    check("review_items_state_valid", sql`${t.state} BETWEEN 0 AND 3`),
    // The queue: a member's items due before a time, soonest first.
    index("review_items_user_due_idx").on(t.userId, t.due),
  ],
);

/** Every review, append-only; the id is chosen by the client so a retry is logged once. */
export const reviewLog = pgTable(
  "review_log",
  {
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemType: text({ enum: ["question", "flashcard"] }).notNull(),
    itemId: integer().notNull(),
    /** The version of the item reviewed (question_versions or flashcard_versions). */
    itemVersion: integer().notNull(),
    /** 1 Again, 2 Hard, 3 Good, 4 Easy. */
    rating: smallint().notNull(),
    reviewedAt: timestamp({ withTimezone: true }).notNull(),
    /** False when an older review arrived late and left the schedule as it was. */
    applied: boolean().notNull(),
    /** The item's first review: counted against the daily cap on new items. */
    isNew: boolean().notNull().default(false),
    /** The item's schedule after this review, so a retry answers the same. */
    due: timestamp({ withTimezone: true }).notNull(),
    stability: doublePrecision().notNull(),
    difficulty: doublePrecision().notNull(),
    state: smallint().notNull(),
    /** How sure the member said they were (optional): a guess moves the schedule as Hard at most. */
    confidence: text({ enum: ["sure", "think", "guess"] }),
  },
  (t) => [
    check("review_log_rating_valid", sql`${t.rating} BETWEEN 1 AND 4`),
    check("review_log_confidence_valid", sql`${t.confidence} IN ('sure', 'think', 'guess')`),
    check("review_log_type_valid", sql`${t.itemType} IN ('question', 'flashcard')`),
    index("review_log_user_time_idx").on(t.userId, t.reviewedAt),
    // One item's history, in order: what the calibration trigger reads for each review written.
    index("review_log_item_idx").on(t.userId, t.itemType, t.itemId, t.reviewedAt),
  ],
);

/** A member's study settings; a member without a row has the defaults. */
export const memberSettings = pgTable(
  "member_settings",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    desiredRetention: doublePrecision().notNull().default(0.9),
    fourButtons: boolean().notNull().default(false),
    newPerDay: integer().notNull().default(20),
    reviewsPerDay: integer().notNull().default(200),
    dailyStreak: boolean().notNull().default(false),
    /** IANA time zone, for "today" in the daily caps and the daily streak. */
    timeZone: text().notNull().default("UTC"),
    /** Ask how sure the member is (sure / think so / guess) before each answer. */
    askConfidence: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("member_settings_retention_range", sql`${t.desiredRetention} BETWEEN 0.8 AND 0.97`),
    check(
      "member_settings_caps_range",
      sql`${t.newPerDay} BETWEEN 0 AND 9999 AND ${t.reviewsPerDay} BETWEEN 0 AND 9999`,
    ),
  ],
);

/** Questions a member flagged to come back to; kept until they clear the flag. */
export const questionFlags = pgTable(
  "question_flags",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

/** A member's report of a problem with a question or a flashcard, and the admin's decision. */
export const reports = pgTable(
  "reports",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemType: text({ enum: ["question", "flashcard"] }).notNull(),
    /** Not a foreign key: the report outlives the item it is about. */
    itemId: integer().notNull(),
    category: text({ enum: ["wrong-answer", "unclear", "outdated", "typo", "other"] }).notNull(),
    comment: text(),
    status: text({ enum: ["open", "fixed", "rejected"] })
      .notNull()
      .default("open"),
    /** The admin's answer, which the member sees. */
    reply: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: integer().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("reports_item_type_valid", sql`${t.itemType} IN ('question', 'flashcard')`),
    check("reports_category_valid", sql`${t.category} IN ('wrong-answer', 'unclear', 'outdated', 'typo', 'other')`),
    check("reports_status_valid", sql`${t.status} IN ('open', 'fixed', 'rejected')`),
    index("reports_status_idx").on(t.status, t.createdAt),
    index("reports_user_idx").on(t.userId, t.createdAt),
    // One open report per member and item: a second click does not file it twice.
    uniqueIndex("reports_one_open_idx").on(t.userId, t.itemType, t.itemId).where(sql`${t.status} = 'open'`),
  ],
);

/** A member's identity at the union's single sign-on provider: (issuer, subject) never changes, an e-mail may. */
export const oauthAccounts = pgTable(
  "oauth_accounts",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    issuer: text().notNull(),
    subject: text().notNull(),
    /** The address the provider last gave, for the record only: sign-in goes by (issuer, subject). */
    email: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("oauth_accounts_issuer_subject_idx").on(t.issuer, t.subject),
    index("oauth_accounts_user_idx").on(t.userId),
  ],
);

/** A member's passkeys (WebAuthn credentials); the public key and counter check each sign-in. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id, base64url, as the browser names it. */
    credentialId: text().notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    counter: integer().notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    name: text().notNull(),
    backedUp: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/**
 * A sign-in ceremony in progress (an SSO redirect, a passkey challenge): what the browser must bring
 * back, kept on the server under the hash of a random key in the browser's cookie, used once.
 */
export const authFlows = pgTable(
  "auth_flows",
  {
    id: text().primaryKey(),
    kind: text({ enum: ["oidc", "passkey-register", "passkey-signin", "passkey-confirm"] }).notNull(),
    userId: integer().references(() => users.id, { onDelete: "cascade" }),
    data: jsonb().$type<Record<string, string>>().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check("auth_flows_kind_valid", sql`${t.kind} IN ('oidc', 'passkey-register', 'passkey-signin', 'passkey-confirm')`),
    index("auth_flows_expiry_idx").on(t.expiresAt),
  ],
);
/**
 * Fitted FSRS memory models: the union-wide one (scope "union", no user) and each member's own
 * (scope "member:<id>"). A member's model schedules them only when `accepted`: its log loss on the
 * member's most recent 20 % of reviews beat the union model's on the same reviews (`baselineLogLoss`).
 */
export const reviewModels = pgTable(
  "review_models",
  {
    scope: text().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: "cascade" }),
    /** The 21 FSRS-6 weights. */
    parameters: jsonb().$type<number[]>().notNull(),
    /** Reviews the model was fitted on (for a member: all of theirs when it was fitted). */
    reviews: integer().notNull(),
    logLoss: doublePrecision().notNull(),
    /** A member's model: the union model's log loss on the same held-out reviews. */
    baselineLogLoss: doublePrecision(),
    accepted: boolean().notNull(),
    fittedAt: timestamp({ withTimezone: true }).notNull(),
    fitMs: integer().notNull(),
  },
  (t) => [
    check("review_models_scope_valid", sql`${t.scope} = 'union' OR ${t.scope} = 'member:' || ${t.userId}`),
    index("review_models_user_idx").on(t.userId),
  ],
);

/**
 * Background jobs shared by every server process (the memory-model fit, the reminder sender): a lease
 * so one process runs a job at a time, when it last ran, and an admin's pending request to run it.
 */
export const jobLeases = pgTable("job_leases", {
  name: text().primaryKey(),
  holder: text(),
  leasedUntil: timestamp({ withTimezone: true }),
  lastRunAt: timestamp({ withTimezone: true }),
  requestedAt: timestamp({ withTimezone: true }),
});

/** Keys the server makes once and keeps (the VAPID key pair of Web Push). */
export const serverKeys = pgTable("server_keys", {
  name: text().primaryKey(),
  publicKey: text().notNull(),
  privateKey: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A browser's Web Push subscription; removed when the push service answers 404 or 410. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/** A member's daily review reminder; a member without a row has none. Times are "HH:MM" in `timeZone`. */
export const reminderSettings = pgTable(
  "reminder_settings",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    enabled: boolean().notNull().default(false),
    time: text().notNull().default("18:00"),
    quietStart: text(),
    quietEnd: text(),
    timeZone: text().notNull().default("UTC"),
    /** Dates (YYYY-MM-DD, in `timeZone`) without a reminder: flying days. */
    daysOff: jsonb().$type<string[]>().notNull().default([]),
    /** The local date of the last reminder sent: at most one a day. */
    lastSentOn: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("reminder_settings_enabled_idx").on(t.enabled).where(sql`${t.enabled}`)],
);
/**
 * E-mail on its way out (apps/server/src/mail): each message is stored first and sent after, so a
 * message that cannot be sent is tried again with back-off and, once given up on, shown to admins.
 * The bodies and the link are cleared once sent: they may hold a single-use link.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial().primaryKey(),
    /** What the message is, e.g. "password-reset". */
    kind: text().notNull(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text(),
    htmlBody: text(),
    /** The message's link, for the log line when no SMTP server is configured. */
    link: text(),
    status: text({ enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("mail_outbox_status_valid", sql`${t.status} IN ('pending', 'sent', 'failed')`),
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("mail_outbox_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * Single-use links sent by e-mail (a password reset): only the token's SHA-256 is stored. A used link
 * keeps its row until it expires, so a second click can be told it was used.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    tokenHash: text().primaryKey(),
    purpose: text({ enum: ["password-reset", "email-verify", "email-change"] }).notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** With purpose email-change: the address the member asked to move to, applied when the link is followed. */
    newEmail: text(),
  },
  (t) => [
    check("account_tokens_purpose_valid", sql`${t.purpose} IN ('password-reset', 'email-verify', 'email-change')`),
    index("account_tokens_user_idx").on(t.userId, t.purpose),
    index("account_tokens_expiry_idx").on(t.expiresAt),
  ],
);

/**
 * First answers of members who deleted their account, linked to no one (no user, no time, no order):
 * item analysis and peer statistics go on counting them. `restShare` is what item analysis needs of
 * the member: their first-answer share right on the rest of the bank (null when they answered no other).
 */
export const anonymousFirstAnswers = pgTable(
  "anonymous_first_answers",
  {
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    /** The version of the question answered (item analysis is per version). */
    questionVersion: integer().notNull(),
    isCorrect: boolean().notNull(),
    chosenOption: smallint(),
    timeTakenMs: integer(),
    restShare: doublePrecision(),
  },
  (t) => [index("anonymous_first_answers_question_idx").on(t.questionId)],
);

/**
 * A member's plan to a date ('know these sections by this date'); one at a time. It ends on its date:
 * the first read after it stores the recall reached (`finalRecall`), the summary the member sees.
 */
export const studyPlans = pgTable(
  "study_plans",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    sections: jsonb().$type<number[]>().notNull(),
    /** YYYY-MM-DD in the member's time zone: the last day of the plan. */
    endDate: text().notNull(),
    targetRecall: doublePrecision().notNull(),
    /** The day the plan was set and the plan sections' predicted recall then: the start of its line. */
    startDate: text().notNull(),
    startRecall: doublePrecision().notNull(),
    finalRecall: doublePrecision(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("study_plans_target_range", sql`${t.targetRecall} BETWEEN 0.5 AND 0.99`)],
);

/** Why a member says they missed a hard item (one lapsed 6 times or more), asked in Review. */
export const missReasons = pgTable(
  "miss_reasons",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    reason: text({ enum: ["didnt-know", "misread", "mixed-up"] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Chosen by the device (its outbox replays the write after a lost answer): kept once. */
    clientId: uuid(),
  },
  (t) => [
    check("miss_reasons_reason_valid", sql`${t.reason} IN ('didnt-know', 'misread', 'mixed-up')`),
    index("miss_reasons_user_question_idx").on(t.userId, t.questionId),
    uniqueIndex("miss_reasons_client_id_idx").on(t.clientId),
  ],
);

/**
 * Editions of the contract (the JCBA 2016, the next ratified one): what an item is true for and what a
 * member studies. The edition in force is the latest whose effective date has come.
 */
export const editions = pgTable("editions", {
  /** e.g. jcba-2016: what items, members and the API name it by. */
  slug: text().primaryKey(),
  name: text().notNull(),
  effectiveOn: date({ mode: "string" }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  createdBy: integer().references(() => users.id, { onDelete: "set null" }),
});

/**
 * An admin's invitation of one address: an e-mailed link (only its token's SHA-256 is stored) that
 * sets a password and creates the member. Its state comes from its dates and its message in the
 * outbox: queued, sent or failed until it is accepted, revoked, or past `expiresAt`. A resend puts a
 * new token in place of the old one. One open invitation per address.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    firstName: text().notNull().default(""),
    lastName: text().notNull().default(""),
    tokenHash: text().notNull().unique(),
    /** The message carrying the current link. */
    mailId: integer().references(() => mailOutbox.id, { onDelete: "set null" }),
    invitedBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("invitations_email_lowercase", sql`${t.email} = lower(${t.email})`),
    uniqueIndex("invitations_one_open_idx").on(t.email).where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL`),
    index("invitations_created_idx").on(t.createdAt, t.id),
  ],
);

/**
 * A user's authenticator app (TOTP, RFC 6238). The secret is encrypted with AES-256-GCM under a key
 * kept in the database's server-secrets row (apps/server/src/auth/second-factor), never exported. It
 * counts once `enabledAt` is set (enrolment verified by a code); `usedSteps` are the time steps whose
 * codes were already accepted, so a code cannot be used twice within its window.
 */
export const totpFactors = pgTable("totp_factors", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  enabledAt: timestamp({ withTimezone: true }),
  usedSteps: jsonb().$type<number[]>().notNull().default([]),
});

/** Single-use recovery codes for a lost authenticator: only their SHA-256 is stored. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/**
 * A member's calibration, kept up to date as reviews are logged (a trigger on review_log, see the
 * migration): per bin of predicted recall (0 is [0, 0.1), …, 9 is [0.9, 1]), how many reviews were
 * predicted in it, the sum of their predicted recall and how many were recalled. The figures equal a
 * computation over the member's whole log, without reading it on every request.
 */
export const reviewCalibration = pgTable(
  "review_calibration",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bin: smallint().notNull(),
    count: integer().notNull(),
    predicted: doublePrecision().notNull(),
    recalled: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bin] }),
    check("review_calibration_bin_valid", sql`${t.bin} BETWEEN 0 AND 9`),
  ],
);

/**
 * How many times each member's review schedules have changed (a trigger on review_items bumps it on
 * every write, see the migration): readiness keeps a member's parsed schedules in memory and reads
 * them again only when this has moved.
 */
export const reviewItemVersions = pgTable("review_item_versions", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  version: bigint({ mode: "number" }).notNull(),
});
