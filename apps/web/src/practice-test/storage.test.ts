// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  answeredCount,
  clearAttempt,
  loadAttempt,
  newAttempt,
  type ReviewItem,
  type SavedAttempt,
  saveAttempt,
  submission,
  type TestQuestion,
  withoutAnswers,
} from "./storage.ts";

const questions: TestQuestion[] = [
  { id: 1, sectionNumber: 7, questionType: "multiple-choice", questionText: "One?", options: ["A", "B", "C", "D"] },
  { id: 2, sectionNumber: 8, questionType: "fill-in-blank", questionText: "Two?", options: null },
  { id: 3, sectionNumber: 8, questionType: "fill-in-blank", questionText: "Three?", options: null },
];
const KEY = (userId: number) => `jcba:practice-test:${userId}`;

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe("a practice test kept on the device", () => {
  it("starts with no answers, at the first question, under a fresh id", () => {
    const a = newAttempt(questions, 600);
    const b = newAttempt(questions, null, { tutor: true, code: "S-ABC" });
    expect(a).toMatchObject({ v: 1, answers: {}, flags: [], index: 0, elapsedSeconds: 0, finishedSeconds: null });
    expect(a.limitSeconds).toBe(600);
    expect(a).not.toHaveProperty("tutor");
    expect(b).toMatchObject({ tutor: true, checked: {}, code: "S-ABC", limitSeconds: null });
    expect(a.id).not.toBe(b.id);
  });

  it("survives a reload, for its own member only", () => {
    const a = { ...newAttempt(questions, null), answers: { 1: "B" }, index: 2 };
    expect(saveAttempt(41, a)).toBe(true);
    expect(loadAttempt(41)).toEqual(a);
    expect(loadAttempt(42)).toBeNull();
  });

  it("reads nothing from broken or foreign data", () => {
    const good = newAttempt(questions, null);
    const store = (value: unknown) => localStorage.setItem(KEY(5), JSON.stringify(value));
    localStorage.setItem(KEY(5), "{not json");
    expect(loadAttempt(5)).toBeNull();
    store({ ...good, v: 2 });
    expect(loadAttempt(5)).toBeNull();
    store({ ...good, questions: [] });
    expect(loadAttempt(5)).toBeNull();
    store({ ...good, questions: [{ ...questions[0], questionType: "essay" }] });
    expect(loadAttempt(5)).toBeNull();
    store({ ...good, questions: [{ ...questions[0], options: [1, 2] }] });
    expect(loadAttempt(5)).toBeNull();
    store({ ...good, answers: null });
    expect(loadAttempt(5)).toBeNull();
  });

  it("mends what it can: the index within the test, a missing or bad limit, a missing finish", () => {
    const raw = { ...newAttempt(questions, null), index: 9.7, limitSeconds: -5 } as Partial<SavedAttempt>;
    delete raw.finishedSeconds;
    localStorage.setItem(KEY(6), JSON.stringify(raw));
    expect(loadAttempt(6)).toMatchObject({ index: 2, limitSeconds: null, finishedSeconds: null });
    localStorage.setItem(KEY(6), JSON.stringify({ ...raw, index: -3, limitSeconds: 1200, finishedSeconds: 90 }));
    expect(loadAttempt(6)).toMatchObject({ index: 0, limitSeconds: 1200, finishedSeconds: 90 });
  });

  it("clears only the attempt named, or any without a name", () => {
    const a = newAttempt(questions, null);
    saveAttempt(7, a);
    clearAttempt(7, "another-attempt");
    expect(loadAttempt(7)?.id).toBe(a.id);
    clearAttempt(7, a.id);
    expect(loadAttempt(7)).toBeNull();
    saveAttempt(7, a);
    clearAttempt(7);
    expect(loadAttempt(7)).toBeNull();
  });

  it("tells the test to go on when storage is full", () => {
    vi.spyOn(localStorage, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    expect(saveAttempt(8, newAttempt(questions, null))).toBe(false);
  });

  it("hands in every drawn question, blank answers as null, the time in whole seconds", () => {
    const a = { ...newAttempt(questions, null), answers: { 1: "C", 2: "   ", 3: " seniority " } };
    expect(answeredCount(a)).toBe(2);
    expect(submission(a, 61.6)).toEqual({
      id: a.id,
      answers: [
        { questionId: 1, userAnswer: "C" },
        { questionId: 2, userAnswer: null },
        { questionId: 3, userAnswer: " seniority " },
      ],
      timeSpentSeconds: 62,
    });
    expect(submission(a, -4).timeSpentSeconds).toBe(0);
  });

  it("hands in Tutor mode's confidence with an answered question only", () => {
    const a = {
      ...newAttempt(questions, null),
      answers: { 1: "C", 2: " " },
      confidences: { 1: "guess" as const, 2: "sure" as const },
    };
    expect(submission(a, 10).answers.slice(0, 2)).toEqual([
      { questionId: 1, userAnswer: "C", confidence: "guess" },
      { questionId: 2, userAnswer: null },
    ]);
  });

  it("retakes a missed question without its answer data", () => {
    const missed: ReviewItem = {
      ...questions[0]!,
      version: 1,
      options: ["A", "B", "C", "D"],
      userAnswer: "A",
      isCorrect: false,
      correctAnswer: "B",
      explanation: "Because.",
      citation: "7.A",
      source: null,
      sourceLabel: null,
      confidence: null,
    };
    expect(withoutAnswers(missed)).toEqual({ ...questions[0], version: 1 });
  });
});
