import { describe, expect, it } from "vitest";
import { describeUserAgent } from "./user-agent.ts";

describe("describeUserAgent", () => {
  it("names the browser and system of common user agents", () => {
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0",
      ),
    ).toEqual({ browser: "Edge", os: "Windows" });
    expect(
      describeUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1",
      ),
    ).toEqual({ browser: "Safari", os: "iOS" });
    expect(describeUserAgent("Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0")).toEqual({
      browser: "Firefox",
      os: "Linux",
    });
    expect(
      describeUserAgent("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36"),
    ).toEqual({ browser: "Chrome", os: "Android" });
    expect(describeUserAgent("curl/8.5")).toEqual({ browser: "Other browser", os: "unknown system" });
    expect(describeUserAgent(null)).toEqual({ browser: "Unknown browser", os: "unknown system" });
  });
});
