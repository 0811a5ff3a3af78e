/** Importing Moodle GIFT and Aiken files of questions: dry run, all-or-nothing, what cannot be taken. */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { failure, useTestApi } from "../test-helpers.ts";

const t = useTestApi();
const admin = () => t.admin.call.transfer;
const count = async () => (await t.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM questions`))[0]!.n;

const GIFT = String.raw`// Seniority questions for the study bank
$CATEGORY: $course$/JCBA/Section 12

::Bid::How are monthly bids awarded? {
  =In seniority order
  ~By lottery
  ~First come, first served
  ~By base manager's choice
  ####Section 12 awards bids by system seniority.
}

What does LOA stand for? {=Leave of Absence =leave of absence}

$CATEGORY: $course$/JCBA/Section 7
Reserve days per month must be at least {=12 ~10 ~8 ~6} for a line holder\: see 7.C.

Grievances must be filed in writing.{TRUE}
`;

const AIKEN = `Who represents United flight attendants?
A. AFA-CWA
B) Teamsters
C. IAM
D. None of them
ANSWER: A

What year did the JCBA take effect?
A. 2014
B. 2016
C. 2018
D. 2020
ANSWER: B
`;

describe("GIFT import", () => {
  it("a dry run reads multiple choice and short answer, sections from $CATEGORY, and reports other types", async () => {
    const before = await count();
    const report = await admin().import({ kind: "questions", format: "gift", content: GIFT, dryRun: true });
    expect(report).toMatchObject({ dryRun: true, applied: false, error: null, total: 4, creates: 3, invalid: 1 });
    expect(report.rows.map((r) => [r.row, r.action])).toEqual([
      [4, "create"],
      [12, "create"],
      [15, "create"],
      [17, "invalid"],
    ]);
    expect(report.rows[3]!.problems.join(" ")).toMatch(/True\/false questions cannot be imported/);
    expect(await count()).toBe(before);
    // All-or-nothing: the true/false question blocks the whole file.
    expect(
      (await failure(admin().import({ kind: "questions", format: "gift", content: GIFT, dryRun: false }))).code,
    ).toBe("BAD_REQUEST");
    expect(await count()).toBe(before);
  });

  it("applies a file it can take fully, with the section, explanation and accepted spellings", async () => {
    const content = GIFT.slice(0, GIFT.indexOf("Grievances"));
    const report = await admin().import({ kind: "questions", format: "gift", content, dryRun: false });
    expect(report).toMatchObject({ applied: true, creates: 3, invalid: 0 });
    const rows = await t.database.rows<{
      section_number: number;
      question_type: string;
      question_text: string;
      options: string[] | null;
      correct_answer: string;
      explanation: string;
      alternatives: string[] | null;
    }>(sql`SELECT section_number, question_type, question_text, options, correct_answer, explanation, alternatives
           FROM questions ORDER BY id DESC LIMIT 3`);
    const [reserve, loa, bids] = rows;
    expect(bids).toMatchObject({
      section_number: 12,
      question_type: "multiple-choice",
      question_text: "How are monthly bids awarded?",
      correct_answer: "In seniority order",
      explanation: "Section 12 awards bids by system seniority.",
    });
    expect(bids!.options).toHaveLength(4);
    expect(loa).toMatchObject({
      section_number: 12,
      question_type: "fill-in-blank",
      correct_answer: "Leave of Absence",
      alternatives: ["leave of absence"],
    });
    expect(reserve).toMatchObject({
      section_number: 7,
      question_text: "Reserve days per month must be at least _____ for a line holder: see 7.C.",
      correct_answer: "12",
    });
  });

  it("needs a section: from $CATEGORY or the chosen default", async () => {
    const content = "Which form starts a grievance? {=A written grievance}";
    const none = await admin().import({ kind: "questions", format: "gift", content, dryRun: true });
    expect(none.invalid).toBe(1);
    expect(none.rows[0]!.problems.join(" ")).toMatch(/No section/);
    const withDefault = await admin().import({ kind: "questions", format: "gift", content, defaultSection: 19 });
    expect(withDefault).toMatchObject({ invalid: 0, creates: 1 });
  });

  it("refuses GIFT for flashcards and a default section out of range", async () => {
    const cards = await admin().import({ kind: "flashcards", format: "gift", content: GIFT, dryRun: true });
    expect(cards.error).toMatch(/GIFT and Aiken files hold questions/);
    expect(
      (await failure(admin().import({ kind: "questions", format: "gift", content: GIFT, defaultSection: 40 }))).code,
    ).toBe("BAD_REQUEST");
  });
});

describe("Aiken import", () => {
  it("a dry run reads each question into the chosen section; a bad answer letter is reported", async () => {
    const before = await count();
    const report = await admin().import({ kind: "questions", format: "aiken", content: AIKEN, defaultSection: 1 });
    expect(report).toMatchObject({ dryRun: true, total: 2, creates: 2, invalid: 0 });
    const bad = await admin().import({
      kind: "questions",
      format: "aiken",
      content: AIKEN.replace("ANSWER: B", "ANSWER: E"),
      defaultSection: 1,
    });
    expect(bad.rows.map((r) => [r.row, r.action])).toEqual([
      [1, "create"],
      [8, "invalid"],
    ]);
    expect(bad.rows[1]!.problems.join(" ")).toMatch(/ANSWER: E names no option/);
    const noSection = await admin().import({ kind: "questions", format: "aiken", content: AIKEN });
    expect(noSection.invalid).toBe(2);
    expect(await count()).toBe(before);
  });

  it("applies a good file", async () => {
    const before = await count();
    const report = await admin().import({
      kind: "questions",
      format: "aiken",
      content: AIKEN,
      defaultSection: 1,
      dryRun: false,
    });
    expect(report.applied).toBe(true);
    expect(await count()).toBe(before + 2);
  });
});
