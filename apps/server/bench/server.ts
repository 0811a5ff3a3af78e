/** The benchmarks' server: started as `start` runs it, in its own process, so the load generator does not share its event loop. */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { freePort } from "@jcba/db/test-postgres";

let built = false;
/**
 * How to start the server as `start` does: dist/main.js, built from the current sources first (a
 * fraction of a second). BENCH_SERVER=source runs src/process/main.ts through tsx instead, for comparison.
 */
export function serverEntry(): string[] {
  const server = join(import.meta.dirname, "..");
  if (process.env.BENCH_SERVER === "source") return ["--import", "tsx", join(server, "src/process/main.ts")];
  if (!built) {
    const result = spawnSync(process.execPath, [join(server, "scripts/build.mjs")], { stdio: "inherit" });
    if (result.status !== 0) throw new Error("the server build failed");
    built = true;
  }
  return [join(server, "dist/main.js")];
}

export interface BenchServer {
  url: string;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL if it has not drained within 20 s. */
  stop(): Promise<void>;
}

/**
 * Starts the server on a free loopback port with `env` over this process's environment; resolves
 * once it says it is running. BENCH_PROFILE=<dir> writes a CPU profile of it there.
 */
export async function startServer(env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, ...serverEntry()], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    const onData = (d: Buffer) => {
      out += d;
      if (!out.includes("is running at")) return;
      child.stdout!.off("data", onData);
      resolve();
    };
    child.stdout!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  // Keep reading its output, so a full pipe never stalls its logging.
  child.stdout!.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
