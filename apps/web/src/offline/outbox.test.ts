// IndexedDB as the browser has it, in memory, installed before the outbox opens its store.
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import {
  enqueue,
  type OutboxEntry,
  type OutboxWrite,
  onSent,
  openOutbox,
  pendingWrites,
  readOutbox,
  replay,
} from "./outbox.ts";
import { statusText, syncState } from "./status.ts";

/** A refusal as tRPC's client raises it: the HTTP status in data.httpStatus, none when no answer came. */
const failure = (httpStatus?: number) =>
  Object.assign(new Error(httpStatus ? `HTTP ${httpStatus}` : "Failed to fetch"), {
    data: httpStatus === undefined ? undefined : { httpStatus },
  });

/**
 * The server as the outbox sees it: who is signed in, and its answer to each write. Like the real one,
 * it refuses a write that names another member than the signed-in one (409), or with nobody signed in
 * (401), records each write's id once, and logs every send (for order and ownership).
 */
function server(signedIn: number | null | undefined) {
  const s = {
    signedIn,
    /** The outcome of the next sends, oldest first; once they run out every send succeeds. */
    failures: [] as (number | "ok" | "lost" | "unreachable")[],
    /** Writes that reached the server as their own member's. */
    sent: [] as OutboxEntry[],
    /** Writes the server refused because another member was signed in (409). */
    refused: [] as OutboxEntry[],
    recorded: new Map<string, OutboxEntry>(),
    transport: {
      online: () => true,
      signedInUser: async () => s.signedIn,
      send: async (entry: OutboxEntry, writtenBy: number) => {
        // The server checks the member the write names against its session before anything else.
        if (s.signedIn === undefined) throw failure();
        if (s.signedIn === null) throw failure(401);
        if (s.signedIn !== writtenBy) {
          s.refused.push(entry);
          throw failure(409);
        }
        s.sent.push(entry);
        const outcome = s.failures.shift();
        if (outcome === "unreachable") throw failure();
        if (typeof outcome === "number") throw failure(outcome);
        if (!s.recorded.has(entry.id)) s.recorded.set(entry.id, entry);
        // A lost response: recorded by the server, but the device never hears back.
        if (outcome === "lost") throw failure();
        return { recorded: entry.id };
      },
    },
  };
  return s;
}

const session = (sectionNumber: number): OutboxWrite => ({
  kind: "session",
  input: { sectionNumber, questionsAttempted: 10, questionsCorrect: 7 },
});

/**
 * Opens a member's outbox with these writes stored while the server could not be reached, then lets
 * the server answer again as `signedIn`: the next replay is the first send.
 */
async function queuedFor(userId: number, srv: ReturnType<typeof server>, writes: [string, OutboxWrite][]) {
  const signedIn = srv.signedIn;
  srv.signedIn = undefined;
  openOutbox(userId, srv.transport);
  for (const [id, write] of writes) await enqueue(write, id);
  await replay();
  expect(srv.sent).toEqual([]);
  srv.signedIn = signedIn;
}

let nextMember = 100;
/** Each test has members of its own, so writes left by one test never reach another. */
const member = () => nextMember++;

describe("outbox", () => {
  it("sends the waiting writes in the order they were made, then is empty", async () => {
    const a = member();
    const srv = server(undefined);
    openOutbox(a, srv.transport);
    await enqueue(session(1), "w1");
    await enqueue(session(2), "w2");
    await enqueue(session(3), "w3");
    await replay();
    expect(srv.sent).toEqual([]);
    expect((await readOutbox(a)).map((e) => e.id)).toEqual(["w1", "w2", "w3"]);

    srv.signedIn = a;
    await replay();
    expect(srv.sent.map((e) => e.id)).toEqual(["w1", "w2", "w3"]);
    expect(srv.sent.map((e) => e.kind === "session" && e.input.sectionNumber)).toEqual([1, 2, 3]);
    expect(await pendingWrites()).toEqual([]);
    expect(syncState().waiting).toBe(0);
  });

  it("stops at the first write that cannot be sent now and keeps the rest behind it, in order", async () => {
    const a = member();
    const srv = server(a);
    await queuedFor(a, srv, [
      ["o1", session(1)],
      ["o2", session(2)],
      ["o3", session(3)],
    ]);
    // The first goes through, the second meets a server fault, the third is never tried.
    srv.failures = ["ok", 503];
    await replay();
    expect(srv.sent.map((e) => e.id)).toEqual(["o1", "o2"]);
    expect((await readOutbox(a)).map((e) => e.id)).toEqual(["o2", "o3"]);

    await replay();
    expect(srv.sent.map((e) => e.id)).toEqual(["o1", "o2", "o2", "o3"]);
    expect(await readOutbox(a)).toEqual([]);
  });

  describe("ownership", () => {
    it("never sends member A's writes while member B, or nobody, is signed in", async () => {
      const a = member();
      const b = member();
      const srv = server(b);
      openOutbox(a, srv.transport);
      await enqueue(session(4), "a1");
      await enqueue(session(5), "a2");
      await replay();
      expect(srv.sent).toEqual([]);
      // Each replay sent the first write with A's id, was refused, and tried no other.
      expect(new Set(srv.refused.map((e) => e.id))).toEqual(new Set(["a1"]));
      expect(srv.recorded.size).toBe(0);
      expect(syncState().blocked).toBe("other-member");

      srv.signedIn = null;
      await replay();
      expect(srv.sent).toEqual([]);
      expect(syncState().blocked).toBe("signed-out");
      expect((await readOutbox(a)).map((e) => e.id)).toEqual(["a1", "a2"]);
    });

    it("sends B's own writes on B's outbox and leaves A's waiting for A", async () => {
      const a = member();
      const b = member();
      const srv = server(null);
      openOutbox(a, srv.transport);
      await enqueue(session(6), "a1");
      await replay();

      // B signs in on the same device: the outbox is now B's.
      srv.signedIn = b;
      openOutbox(b, srv.transport);
      await enqueue(session(7), "b1");
      await replay();
      expect(srv.sent.map((e) => e.id)).toEqual(["b1"]);
      expect(await pendingWrites()).toEqual([]);
      expect((await readOutbox(a)).map((e) => e.id)).toEqual(["a1"]);

      // A comes back: A's write goes, and only then.
      srv.signedIn = a;
      openOutbox(a, srv.transport);
      await replay();
      expect(srv.sent.map((e) => e.id)).toEqual(["b1", "a1"]);
      expect(syncState().blocked).toBe(null);
      expect(await readOutbox(a)).toEqual([]);
    });
  });

  describe("retry triage by HTTP status", () => {
    it.each([
      ["no answer (offline, connection lost)", "unreachable" as const],
      ["a server fault (500)", 500],
      ["an unavailable server (503)", 503],
      ["rate limiting (429)", 429],
      ["a request timeout (408)", 408],
    ])("keeps a write that met %s and sends it on the next replay", async (_, outcome) => {
      const a = member();
      const srv = server(a);
      await queuedFor(a, srv, [["t1", session(8)]]);
      srv.failures = [outcome];
      await replay();
      expect(srv.sent.map((e) => e.id)).toEqual(["t1"]);
      expect((await readOutbox(a)).map((e) => e.id)).toEqual(["t1"]);

      await replay();
      expect(srv.sent.map((e) => e.id)).toEqual(["t1", "t1"]);
      expect(await readOutbox(a)).toEqual([]);
    });

    it("says the server is busy on a 503 without tRPC's envelope, keeps the answer, and sends it later", async () => {
      const a = member();
      const srv = server(a);
      const answer: OutboxWrite = {
        kind: "answer",
        input: { id: "b1", questionId: 1, userAnswer: "A", timeTakenMs: 900 },
      };
      await queuedFor(a, srv, [["b1", answer]]);
      // As tRPC's client raises a refusal made before tRPC ran: the status only on the response.
      const busy = Object.assign(new Error("Unable to transform response from server"), {
        meta: { response: { status: 503 } },
      });
      const send = srv.transport.send;
      srv.transport.send = async () => {
        throw busy;
      };
      await replay();
      expect((await readOutbox(a)).map((e) => e.id)).toEqual(["b1"]);
      expect(syncState().busy).toBe(true);
      expect(statusText(syncState())).toBe("Server busy, your answers are saved · 1 answer waiting to sync");

      srv.transport.send = send;
      await replay();
      expect(await readOutbox(a)).toEqual([]);
      expect([...srv.recorded.keys()]).toEqual(["b1"]);
      expect(syncState().busy).toBe(false);
      expect(statusText(syncState())).toBe("All changes saved");
    });

    it("keeps a write whose session expired (401) and waits for its member to sign in", async () => {
      const a = member();
      const srv = server(a);
      await queuedFor(a, srv, [["s1", session(9)]]);
      srv.failures = [401];
      await replay();
      expect(syncState().blocked).toBe("signed-out");
      expect((await readOutbox(a)).map((e) => e.id)).toEqual(["s1"]);
    });

    it("tells the app when a write meets a session that ended elsewhere (401), and keeps the write", async () => {
      const a = member();
      const srv = server(a);
      await queuedFor(a, srv, [["s2", session(10)]]);
      let signedOut = 0;
      openOutbox(a, srv.transport, undefined, () => signedOut++);
      srv.failures = [401];
      await replay();
      expect(signedOut).toBe(1);
      expect((await readOutbox(a)).map((e) => e.id)).toEqual(["s2"]);
    });

    it.each([400, 403, 404, 422])(
      "drops a write the server refuses for good (%i), reports it, and goes on",
      async (status) => {
        const a = member();
        const srv = server(a);
        const results: [string, unknown][] = [];
        openOutbox(a, srv.transport);
        onSent((entry, result) => results.push([entry.id, result]));
        srv.signedIn = undefined;
        await enqueue(session(10), "r1");
        await enqueue(session(11), "r2");
        const rejectedBefore = syncState().rejected;
        srv.signedIn = a;
        srv.failures = [status];
        await replay();
        expect(srv.sent.map((e) => e.id)).toEqual(["r1", "r2"]);
        expect(await readOutbox(a)).toEqual([]);
        expect(results).toEqual([
          ["r1", { rejected: true, status, message: `HTTP ${status}` }],
          ["r2", { recorded: "r2" }],
        ]);
        expect(syncState().rejected).toBe(rejectedBefore + 1);
      },
    );
  });

  describe("replay idempotence", () => {
    it("stores a write once however often it is queued under its id", async () => {
      const a = member();
      const srv = server(undefined);
      openOutbox(a, srv.transport);
      await enqueue(session(12), "same");
      await enqueue(session(13), "same");
      const stored = await readOutbox(a);
      expect(stored.map((e) => e.id)).toEqual(["same"]);
      expect(stored[0]).toMatchObject({ kind: "session", input: { sectionNumber: 12 } });
    });

    it("sends each write once when replays overlap", async () => {
      const a = member();
      const srv = server(undefined);
      openOutbox(a, srv.transport);
      await enqueue(session(14), "c1");
      await enqueue(session(15), "c2");
      srv.signedIn = a;
      await Promise.all([replay(), replay(), replay()]);
      expect(srv.sent.map((e) => e.id)).toEqual(["c1", "c2"]);
      await replay();
      expect(srv.sent.map((e) => e.id)).toEqual(["c1", "c2"]);
    });

    it("after a lost response, sends the same write under the same id, which the server records once", async () => {
      const a = member();
      const srv = server(a);
      await queuedFor(a, srv, [["l1", session(16)]]);
      srv.failures = ["lost"];
      await replay();
      expect((await readOutbox(a)).map((e) => e.id)).toEqual(["l1"]);

      await replay();
      expect(srv.sent).toHaveLength(2);
      expect(srv.sent[1]).toEqual(srv.sent[0]);
      expect([...srv.recorded.keys()]).toEqual(["l1"]);
      expect(await readOutbox(a)).toEqual([]);
    });
  });
});
