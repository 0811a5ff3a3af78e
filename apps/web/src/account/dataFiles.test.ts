import { strFromU8, unzipSync } from "fflate";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { type AccountExport, csvFilesOf, zipOf } from "./dataFiles.ts";

const data: AccountExport = {
  exportedAt: "2026-11-26T23:00:00.000Z",
  profile: {
    id: 7,
    email: "maria@example.org",
    firstName: "Maria",
    lastName: "Lopez",
    profileImageUrl: null,
    isAdmin: false,
    createdAt: "2026-01-02T03:04:05.000Z",
  },
  settings: null,
  answers: [
    {
      id: "a1",
      questionId: 12,
      sectionNumber: 7,
      userAnswer: '=HYPERLINK("x"), "quoted"',
      isCorrect: false,
      chosenOption: null,
      timeTakenMs: 4000,
      testAttemptId: null,
      createdAt: "2026-11-01T10:00:00.000Z",
    },
  ],
  tests: [
    {
      id: "t1",
      createdAt: "2026-11-02T10:00:00.000Z",
      sectionsIncluded: [3, 7],
      questionIds: [12, 13],
      totalQuestions: 2,
      score: 50,
      timeSpentSeconds: 60,
    },
  ],
  mastery: [],
  reviewItems: [],
  reviewLog: [],
  flags: [],
  reports: [],
  tokens: [],
};

describe("the data download as CSV files in a zip", () => {
  it("has one CSV per part, every answer as a row, lists joined, formulas kept as text", () => {
    const files = csvFilesOf(data);
    expect(Object.keys(files).sort()).toEqual(
      [
        "answers",
        "flags",
        "mastery",
        "profile",
        "reports",
        "reviewItems",
        "reviewLog",
        "settings",
        "tests",
        "tokens",
      ].map((n) => `${n}.csv`),
    );
    const answers = Papa.parse<Record<string, string>>(files["answers.csv"]!, { header: true }).data;
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ id: "a1", questionId: "12", isCorrect: "false", chosenOption: "" });
    expect(answers[0]!.userAnswer).toBe(`'=HYPERLINK("x"), "quoted"`);
    const tests = Papa.parse<Record<string, string>>(files["tests.csv"]!, { header: true }).data;
    expect(tests[0]).toMatchObject({ sectionsIncluded: "3 7", score: "50" });
  });

  it("zips them in one folder", () => {
    const unzipped = unzipSync(zipOf(data, "my-data"));
    expect(Object.keys(unzipped)).toContain("my-data/answers.csv");
    expect(strFromU8(unzipped["my-data/profile.csv"]!)).toContain("maria@example.org");
  });
});
