/** Data helpers for the dashboard, study and performance tests: the real REST API, called with the page's cookies. */
import assert from "node:assert/strict";
import { BASE_URL } from "./helpers.mjs";

async function json(res, what) {
  if (!res.ok()) throw new Error(`${what} failed: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** The questions of a section, with their answers (GET /api/questions?section=n). */
export async function questionsOf(request, section) {
  return json(
    await request.get(`${BASE_URL}/api/questions?section=${section}`),
    `GET /api/questions?section=${section}`,
  );
}

/** Questions per section (GET /api/practice-test/availability) as a Map. */
export async function questionCounts(request) {
  const list = await json(
    await request.get(`${BASE_URL}/api/practice-test/availability`),
    "GET /api/practice-test/availability",
  );
  return new Map(list.map((a) => [a.sectionNumber, a.questions]));
}

/** An answer the server will mark wrong. */
export function wrongAnswer(q) {
  return q.questionType === "multiple-choice"
    ? q.options.find((o) => o !== q.correctAnswer)
    : `${q.correctAnswer} (not this)`;
}

export const answerFor = (q, correct) => (correct ? q.correctAnswer : wrongAnswer(q));

/** Answers one question through POST /api/progress/question-attempt and checks the server's grade. */
export async function answerViaApi(request, q, correct) {
  const body = await json(
    await request.post(`${BASE_URL}/api/progress/question-attempt`, {
      data: { questionId: q.id, userAnswer: answerFor(q, correct) },
    }),
    "POST /api/progress/question-attempt",
  );
  assert.equal(body.isCorrect, correct, `the server graded question ${q.id}`);
  return body;
}

/** Submits a practice test (POST /api/test-attempts): picks = [{ q, correct }]. Returns the attempt. */
export async function submitTest(request, picks, timeSpentSeconds) {
  const body = await json(
    await request.post(`${BASE_URL}/api/test-attempts`, {
      data: {
        answers: picks.map(({ q, correct }) => ({ questionId: q.id, userAnswer: answerFor(q, correct) })),
        timeSpentSeconds,
      },
    }),
    "POST /api/test-attempts",
  );
  return body.attempt;
}

/** Whether a request goes to the given tRPC procedure (alone or in a batch). */
export function isTrpcCall(url, procedure) {
  const u = typeof url === "string" ? new URL(url) : url;
  if (!u.pathname.startsWith("/api/trpc/")) return false;
  return decodeURIComponent(u.pathname.slice("/api/trpc/".length)).split(",").includes(procedure);
}

/**
 * Holds the page's requests to `url` (a glob, a RegExp or a predicate, as Playwright's page.route
 * takes) until the returned `release` is called; they then go to the server as usual. A screen's
 * loading state can be looked at, and what comes before the answer or the code.
 */
export async function holdRequests(page, url) {
  let release;
  const gate = new Promise((r) => {
    release = r;
  });
  await page.route(url, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** Holds the page's calls to a tRPC procedure until the returned `release` is called (holdRequests). */
export function holdTrpcCall(page, procedure) {
  return holdRequests(page, (u) => isTrpcCall(u, procedure));
}

/**
 * The data one tRPC procedure returns to the page, awaited from the browser's own request. The link
 * batches calls made in the same tick, so the procedure may share a request (and its place in the
 * body) with others: matching only a URL that starts with it misses those.
 */
export function trpcResult(page, procedure, { timeout } = {}) {
  return page
    .waitForResponse((r) => isTrpcCall(r.url(), procedure), timeout ? { timeout } : undefined)
    .then(async (response) => {
      const procs = decodeURIComponent(new URL(response.url()).pathname.slice("/api/trpc/".length)).split(",");
      const body = await response.json();
      const entry = Array.isArray(body) ? body[procs.indexOf(procedure)] : body;
      return { data: entry.result?.data, error: entry.error, status: response.status(), body };
    });
}

/** Replaces one procedure's data in a (possibly batched) tRPC response, in every call of it in the batch. */
export async function fulfillTrpcWith(route, procedure, data) {
  const response = await route.fetch();
  const body = await response.json();
  const procs = decodeURIComponent(new URL(route.request().url()).pathname.slice("/api/trpc/".length)).split(",");
  procs.forEach((p, i) => {
    if (p === procedure) body[i] = { result: { data } };
  });
  await route.fulfill({ response, json: body });
}

/** The input of one procedure in a batched tRPC mutation request body. */
export function trpcMutationInput(request, procedure) {
  const procs = decodeURIComponent(new URL(request.url()).pathname.slice("/api/trpc/".length)).split(",");
  return JSON.parse(request.postData() ?? "{}")[String(procs.indexOf(procedure))];
}

/** Parses 'rgb(r, g, b)' / 'rgba(...)' / 'color(srgb r g b)' into [r, g, b] 0–255. */
export function rgb(color) {
  const srgb = color.match(/color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/);
  if (srgb) return srgb.slice(1, 4).map((v) => Math.round(Number(v) * 255));
  const m = color.match(/rgba?\((\d+),\s*(\d+),\s*(\d+)/);
  if (!m) throw new Error(`unparsed colour ${color}`);
  return m.slice(1, 4).map(Number);
}

/** Asserts a text colour reads as the band: green (g > r), amber (r > g > b) or red (r > g, r > b, g ≈ b). */
export function assertBandColour(color, band, what) {
  const [r, g, b] = rgb(color);
  if (band === "green") assert.ok(g > r && g > b, `${what} is green (${color})`);
  else if (band === "amber") assert.ok(r > g && g > b && g - b > 20, `${what} is amber (${color})`);
  else assert.ok(r > g && r > b && Math.abs(g - b) <= 30, `${what} is red (${color})`);
}
