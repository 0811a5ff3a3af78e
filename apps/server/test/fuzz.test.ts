/**
 * Fuzz: every operation of /api/openapi.json (and the sign-in routes) with malformed, oversized and
 * control-character input, as a signed-out visitor, a member and an admin, over REST and over
 * /api/trpc. No answer may be a 5xx or take over 2 s, and no role may reach what it must not.
 * Bounded in requests and in time; the cases come from a seeded generator, so a failure names the
 * seed and the request that can be replayed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, Client, member, startServer, type TestServer } from "./harness.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const CASES_PER_OPERATION = 10;
/** Every field of every operation also gets each of these, as a member and as an admin. */
const CONTROL_VALUES = ["\u0000", "a\u0000b", "\u001b[31m"];
const TIME_BUDGET_MS = 40_000;
const SLOW_MS = 2000;
const CONCURRENCY = 2;

/** mulberry32: a tiny seeded generator, so every run sends the same requests. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const nested = (depth: number): unknown => (depth === 0 ? 1 : [nested(depth - 1)]);

/** Values that are wrong in type, size or content for almost any field. */
const HOSTILE: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e308,
  2 ** 31,
  -(2 ** 31) - 1,
  "NaN",
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u001b[31mred",
  "\u007f\u0008",
  "\ud800",
  "💥".repeat(300),
  "x".repeat(100_000),
  "9".repeat(40),
  "1e400",
  "constructor",
  "__proto__",
  "../../etc/passwd",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  [],
  [null],
  {},
  { toString: "x" },
  nested(200),
];

/** Whole bodies that are not what any operation takes: not JSON, prototype keys, deep, over the 1 MB limit. */
const HOSTILE_BODIES = [
  "not json",
  "[]",
  "null",
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"isAdmin": true}}}',
  `${"[".repeat(5000)}1${"]".repeat(5000)}`,
  `{"a": "${"x".repeat(2_000_000)}"}`,
  "\u0000",
];

const HOSTILE_IDS = ["0", "-1", "abc", "%00", "1e3", "99999999999999999999999", "%E0%A4%A", "x".repeat(250), "1.5"];

/** A plausible value per field name, so that one hostile field is what the server has to handle. */
const PLAUSIBLE: Record<string, unknown> = {
  sectionNumber: 5,
  questionType: "fill-in-blank",
  questionText: "A fuzzed question?",
  options: null,
  correctAnswer: "yes",
  explanation: "Because.",
  citation: null,
  term: "Fuzz",
  definition: "A fuzzed card.",
  flashcardId: 1,
  mastered: true,
  questionsAttempted: 1,
  questionsCorrect: 1,
  questionId: 1,
  userAnswer: "a",
  isCorrect: true,
  answers: [{ questionId: 1, userAnswer: "a" }],
  timeSpentSeconds: 10,
  kind: "flashcards",
  format: "json",
  content: "[]",
  dryRun: true,
  currentPassword: "not-the-password",
  newPassword: "another-long-password",
  name: "fuzz",
  scope: "read",
  expiresInDays: 5,
  section: 3,
  sections: "1,2",
  count: 5,
};

interface Operation {
  method: string;
  path: string;
  procedure: string;
  query: boolean;
  params: string[];
  bodyFields: string[];
  adminOnly: boolean;
}

interface Sent {
  role: "anon" | "member" | "admin";
  transport: "rest" | "trpc";
  method: string;
  url: string;
  body?: string;
  status: number;
  ms: number;
  adminOnly: boolean;
}

let server: TestServer;
let operations: Operation[];
let clients: Record<Sent["role"], Client>;
beforeAll(async () => {
  server = await startServer();
  clients = { anon: new Client(server.url), member: await member(server.url), admin: await admin(server.url) };
  // Real ids, so that a hostile field next to them reaches the database rather than a 404.
  const [question] = (await clients.member.get("/api/questions?section=3")).body;
  const [card] = (await clients.member.get("/api/flashcards?section=3")).body;
  PLAUSIBLE.questionId = question.id;
  PLAUSIBLE.flashcardId = card.id;
  PLAUSIBLE.answers = [{ questionId: question.id, userAnswer: "a" }];
  const doc: any = await (await fetch(`${server.url}/api/openapi.json`)).json();
  // The sign-in routes are in the document for scripts; they get their own hostile bodies below, as a
  // signed-out caller (walked as a member, POST /logout would end the member's session).
  const signInPaths = new Set(["/login", "/register", "/logout"]);
  operations = Object.entries(doc.paths as Record<string, Record<string, any>>)
    .filter(([path]) => !signInPaths.has(path))
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        procedure: String(op.operationId).replace(/-/g, "."),
        query: method === "get",
        params: ((op.parameters ?? []) as { name: string; in: string }[])
          .filter((p) => p.in === "query")
          .map((p) => p.name),
        bodyFields: Object.keys(op.requestBody?.content?.["application/json"]?.schema?.properties ?? {}),
        adminOnly:
          path.startsWith("/admin") ||
          (method !== "get" && (path.startsWith("/questions") || path.startsWith("/flashcards"))),
      })),
    );
});
afterAll(async () => {
  await server.stop();
});

/** One fuzzed input for an operation: plausible fields with one or two hostile ones, or a hostile whole. */
function inputFor(op: Operation, next: () => number): { fields: Record<string, unknown>; raw?: string; id?: string } {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const names = [...op.bodyFields, ...op.params];
  const fields: Record<string, unknown> = Object.fromEntries(names.map((n) => [n, PLAUSIBLE[n] ?? "x"]));
  const id = op.path.includes("{id}") ? pick(HOSTILE_IDS) : undefined;
  const roll = next();
  if (roll < 0.12 && !op.query) {
    const raw = pick(HOSTILE_BODIES);
    return { fields, raw, id };
  }
  for (const name of names.length > 0 ? [pick(names), ...(next() < 0.3 ? [pick(names)] : [])] : [])
    fields[name] = pick(HOSTILE);
  if (next() < 0.2) fields[pick(["extra", "__proto__", "constructor", "isAdmin"])] = pick(HOSTILE);
  return { fields, id };
}

function requestFor(op: Operation, transport: Sent["transport"], input: ReturnType<typeof inputFor>) {
  const id = input.id ?? "1";
  if (transport === "rest") {
    const path = `/api${op.path.replace("{id}", encodeURI(id).replace(/%25/g, "%"))}`;
    if (op.query) {
      const qs = new URLSearchParams(
        op.params.map((p): [string, string] => [
          p,
          typeof input.fields[p] === "string" ? (input.fields[p] as string) : JSON.stringify(input.fields[p]),
        ]),
      ).toString();
      return { method: op.method, url: qs ? `${path}?${qs}` : path };
    }
    return { method: op.method, url: path, body: input.raw ?? JSON.stringify(input.fields) };
  }
  const value = op.path.includes("{id}") ? { ...input.fields, id: /^\d+$/.test(id) ? Number(id) : id } : input.fields;
  if (op.query)
    return {
      method: "GET",
      url: `/api/trpc/${op.procedure}?input=${encodeURIComponent(input.raw ?? JSON.stringify(value))}`,
    };
  return { method: "POST", url: `/api/trpc/${op.procedure}`, body: input.raw ?? JSON.stringify(value) };
}

async function send(client: Client, method: string, url: string, body: string | undefined) {
  const started = performance.now();
  const headers: Record<string, string> = body === undefined ? {} : { "content-type": "application/json" };
  if (client.cookie) headers.cookie = client.cookie;
  const res = await fetch(server.url + url, { method, headers, body, redirect: "manual" });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

describe("fuzz", () => {
  it("answers every hostile request with a 4xx or a 2xx, within 2 s, and roles hold", async () => {
    const next = random(SEED);
    const plan: {
      role: Sent["role"];
      transport: Sent["transport"];
      op: Operation;
      req: { method: string; url: string; body?: string };
    }[] = [];
    for (const op of operations)
      for (let i = 0; i < CASES_PER_OPERATION; i++) {
        const input = inputFor(op, next);
        for (const role of ["anon", "member", "admin"] as const)
          for (const transport of ["rest", "trpc"] as const)
            plan.push({ role, transport, op, req: requestFor(op, transport, input) });
      }
    // A sweep: each field of each operation with control characters, the rest plausible.
    for (const op of operations)
      for (const field of [...op.bodyFields, ...op.params])
        for (const value of CONTROL_VALUES) {
          const fields = Object.fromEntries(
            [...op.bodyFields, ...op.params].map((n) => [n, n === field ? value : (PLAUSIBLE[n] ?? "x")]),
          );
          for (const role of ["member", "admin"] as const)
            for (const transport of ["rest", "trpc"] as const)
              plan.push({ role, transport, op, req: requestFor(op, transport, { fields }) });
        }
    // The sign-in routes: a few hostile forms and bodies each.
    for (const path of ["/api/login", "/api/register", "/api/logout"])
      for (const value of HOSTILE.slice(0, 18)) {
        const body = JSON.stringify({ email: value, password: value, firstName: value, lastName: value, code: value });
        plan.push({
          role: "anon",
          transport: "rest",
          op: { method: "POST", path, procedure: "", query: false, params: [], bodyFields: [], adminOnly: false },
          req: { method: "POST", url: path, body },
        });
      }
    plan.push(
      ...["/api/login?error=constructor", "/api/login?mode=__proto__&error=toString", "/api/login?error=%00"].map(
        (url) => ({
          role: "anon" as const,
          transport: "rest" as const,
          op: { method: "GET", path: url, procedure: "", query: true, params: [], bodyFields: [], adminOnly: false },
          req: { method: "GET", url },
        }),
      ),
    );

    const sent: Sent[] = [];
    const deadline = performance.now() + TIME_BUDGET_MS;
    let cursor = 0;
    const worker = async () => {
      while (cursor < plan.length && performance.now() < deadline) {
        const { role, transport, op, req } = plan[cursor++]!;
        const { status, ms } = await send(clients[role], req.method, req.url, req.body);
        sent.push({ role, transport, ...req, status, ms, adminOnly: op.adminOnly });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    const describeReq = (s: Sent) =>
      `${s.role} ${s.transport} ${s.method} ${s.url.slice(0, 160)} ${s.body?.slice(0, 160) ?? ""} → ${s.status} in ${Math.round(s.ms)} ms`;
    const serverErrors = sent.filter((s) => s.status >= 500);
    const slow = sent.filter((s) => s.ms > SLOW_MS);
    const anonThrough = sent.filter(
      (s) =>
        s.role === "anon" &&
        s.status < 300 &&
        s.url.startsWith("/api/") &&
        // The sign-in routes anyone may call: password, sign-up, sign-out, recovery, a passkey's options.
        !["/api/login", "/api/register", "/api/logout", "/api/password/", "/api/passkeys/signin"].some((p) =>
          s.url.startsWith(p),
        ),
    );
    const memberThrough = sent.filter((s) => s.role === "member" && s.adminOnly && s.status < 300);
    const slowest = sent.reduce((a, b) => (b.ms > a.ms ? b : a), sent[0]!);
    console.log(
      `fuzz (seed ${SEED}): ${sent.length} of ${plan.length} planned requests, ${serverErrors.length} 5xx, slowest ${Math.round(slowest.ms)} ms (${describeReq(slowest)})`,
    );
    expect(sent.length).toBeGreaterThan(Math.min(plan.length, 600));
    expect(serverErrors.map(describeReq)).toEqual([]);
    expect(slow.map(describeReq)).toEqual([]);
    expect(anonThrough.map(describeReq)).toEqual([]);
    expect(memberThrough.map(describeReq)).toEqual([]);
    // The member and the admin are still who they were.
    expect((await clients.member.get("/api/auth/user")).body.isAdmin).toBe(false);
    expect((await clients.admin.get("/api/auth/user")).body.isAdmin).toBe(true);
  });
});
