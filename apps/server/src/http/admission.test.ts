/** The adaptive cap on requests in flight, on a clock the test moves. */
import { describe, expect, it } from "vitest";
import { AdmissionLimit } from "./admission.ts";

function limitAt(options: { max: number; min: number; targetMs: number }) {
  let clock = 0;
  const admission = new AdmissionLimit({ ...options, now: () => clock });
  /** Fills the cap, turns one away, then answers all admitted after `ms` each, 300 ms later. */
  const window = (ms: number, refuse = true) => {
    let admitted = 0;
    while (admission.tryAcquire()) admitted++;
    if (!refuse) admission.refused--;
    clock += 300;
    for (let i = 0; i < admitted; i++) admission.done(ms);
    return admitted;
  };
  return { admission, window };
}

describe("the cap on requests in flight", () => {
  it("admits up to the cap, turns the next away, and admits again once one is answered", () => {
    const { admission } = limitAt({ max: 3, min: 1, targetMs: 1000 });
    expect([1, 2, 3, 4].map(() => admission.tryAcquire())).toEqual([true, true, true, false]);
    expect(admission.full()).toBe(true);
    expect(admission.refused).toBe(1);
    admission.done(10);
    expect(admission.tryAcquire()).toBe(true);
    expect(admission.inFlight).toBe(3);
  });

  it("is cut in proportion while admitted requests take over the target and members are turned away, never below its floor", () => {
    const { admission, window } = limitAt({ max: 256, min: 8, targetMs: 1000 });
    window(2000);
    expect(admission.limit).toBe(128);
    const gently = limitAt({ max: 256, min: 8, targetMs: 1000 });
    gently.window(1250);
    expect(gently.admission.limit).toBe(204);
    for (let i = 0; i < 20; i++) window(5000);
    expect(admission.limit).toBe(8);
  });

  it("is not cut while nobody is turned away, however slow the answers (the load under the cap is never refused)", () => {
    const { admission } = limitAt({ max: 256, min: 8, targetMs: 1000 });
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 200; i++) expect(admission.tryAcquire()).toBe(true);
      for (let i = 0; i < 200; i++) admission.done(4000);
    }
    expect(admission.limit).toBe(256);
    expect(admission.refused).toBe(0);
  });

  it("grows back to its starting value once answers are quick again", () => {
    const { admission, window } = limitAt({ max: 64, min: 8, targetMs: 1000 });
    for (let i = 0; i < 10; i++) window(5000);
    expect(admission.limit).toBe(8);
    for (let i = 0; i < 40; i++) window(100);
    expect(admission.limit).toBe(64);
  });

  it("holds between 80% and 100% of the target, and stays at its starting value with no target", () => {
    const { admission, window } = limitAt({ max: 64, min: 8, targetMs: 1000 });
    window(900);
    expect(admission.limit).toBe(64);
    const fixed = limitAt({ max: 64, min: 8, targetMs: 0 });
    for (let i = 0; i < 10; i++) fixed.window(5000);
    expect(fixed.admission.limit).toBe(64);
  });
});
