/** 'Signed-in devices': a member lists their sessions and ends one or all of the others, over REST and tRPC. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, MEMBER_PASSWORD, member, startServer, type TestServer, uniqueEmail } from "./harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
});

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0";

async function signIn(email: string, userAgent?: string) {
  const client = new Client(server.url);
  const res = await client.call(
    "POST",
    "/api/login",
    { email, password: MEMBER_PASSWORD },
    userAgent ? { "user-agent": userAgent } : {},
  );
  expect(res.status).toBe(200);
  return client;
}

describe("signed-in devices", () => {
  it("lists the member's sessions with browser, system, a cut-short network and this device; ends one, then all others", async () => {
    const email = uniqueEmail();
    const here = await member(server.url, "Dev", "Ices", email);
    const phone = await signIn(
      email,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1",
    );
    const laptop = await signIn(email, FIREFOX);
    const stranger = await member(server.url);

    const list = await here.get("/api/account/devices");
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    expect(list.body.filter((d: { thisDevice: boolean }) => d.thisDevice)).toHaveLength(1);
    const firefox = list.body.find((d: { browser: string }) => d.browser === "Firefox");
    expect(firefox).toMatchObject({ os: "Linux", network: "127.0.0.0/24", thisDevice: false });
    expect(list.body.find((d: { os: string }) => d.os === "iOS")).toMatchObject({ browser: "Safari" });
    // Another member's list has none of these, and cannot end them.
    expect((await stranger.get("/api/account/devices")).body).toHaveLength(1);
    expect((await stranger.delete(`/api/account/devices/${firefox.id}`)).status).toBe(404);
    expect((await laptop.get("/api/auth/user")).status).toBe(200);

    // This device cannot be ended here (that is Logout); a bad id is a 400.
    const self = list.body.find((d: { thisDevice: boolean }) => d.thisDevice);
    expect((await here.delete(`/api/account/devices/${self.id}`)).status).toBe(400);
    expect((await here.delete("/api/account/devices/not-an-id")).status).toBe(400);

    expect((await here.delete(`/api/account/devices/${firefox.id}`)).body).toEqual({ ended: 1 });
    expect((await laptop.get("/api/auth/user")).status).toBe(401);
    expect((await phone.get("/api/auth/user")).status).toBe(200);

    const overTrpc = await here.get("/api/trpc/account.devices");
    expect(overTrpc.status).toBe(200);
    expect(overTrpc.body.result.data).toHaveLength(2);
    const others = await here.post("/api/account/devices/end-others");
    expect(others.status).toBe(200);
    expect(others.body).toEqual({ ended: 1 });
    expect((await phone.get("/api/auth/user")).status).toBe(401);
    expect((await here.get("/api/auth/user")).status).toBe(200);
    expect((await here.get("/api/account/devices")).body).toHaveLength(1);
  });

  it("is for browser sessions only: an API token cannot list or end devices", async () => {
    const m = await member(server.url);
    const made = await m.post("/api/account/tokens", { name: "script", scope: "write" });
    const token = new Client(server.url, made.body.token);
    expect((await token.get("/api/account/devices")).status).toBe(403);
    expect((await token.post("/api/account/devices/end-others")).status).toBe(403);
  });
});
