/**
 * A real SMTP server on loopback (smtp-server) for tests and the bench: it receives what the hub
 * sends over SMTP, parses each message (mailparser), and lets a test wait for the one it expects.
 */
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { startServer, type TestServer } from "./harness.ts";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The first http(s) link of the plain-text part. */
  link: string | null;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** Resolves with the first message (already received or still to come) that `match` accepts. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

const addressOf = (parsed: ParsedMail) => {
  const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
  return to?.value[0]?.address?.toLowerCase() ?? "";
};

export async function startSmtp(
  options: { parse?: boolean; refuse?: (count: number) => boolean } = {},
): Promise<TestSmtp & { count: () => number }> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<{ match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }>();
  let count = 0;
  const settings: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 1024 * 1024,
    onData(stream, _session, callback) {
      const index = count++;
      if (options.refuse?.(index)) {
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("Try again later"), { responseCode: 451 })));
        return;
      }
      if (options.parse === false) {
        stream.resume();
        stream.on("end", () => callback());
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? "";
          const mail: ReceivedMail = {
            to: addressOf(parsed),
            subject: parsed.subject ?? "",
            text,
            html: typeof parsed.html === "string" ? parsed.html : "",
            link: text.match(/https?:\/\/\S+/)?.[0] ?? null,
          };
          received.push(mail);
          for (const waiter of waiters)
            if (waiter.match(mail)) {
              waiters.delete(waiter);
              waiter.resolve(mail);
            }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  };
  const server = new SMTPServer(settings);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    count: () => count,
    waitFor(match, timeoutMs = 15_000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) reject(new Error(`no such mail within ${timeoutMs} ms`));
        }, timeoutMs).unref();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A server that sends its mail to a real SMTP server on loopback, with links built from `publicUrl`
 * (another host, so a test sees links never come from the request's Host header).
 */
export async function startServerWithMail(
  publicUrl: string,
  env: Record<string, string> = {},
): Promise<{ smtp: TestSmtp; server: TestServer; stop(): Promise<void> }> {
  const smtp = await startSmtp();
  const server = await startServer(undefined, {
    SMTP_URL: smtp.url,
    PUBLIC_URL: publicUrl,
    MAIL_FROM: "Hub <no-reply@union.test>",
    ...env,
  });
  return {
    smtp,
    server,
    async stop() {
      await server.stop();
      await smtp.stop();
    },
  };
}

/** An e-mailed link's token, and the link made to point at the test server instead of `publicUrl`. */
export function linkIn(mail: ReceivedMail, publicUrl: string, path: string, server: TestServer) {
  if (!mail.link?.startsWith(`${publicUrl}${path}?token=`)) throw new Error(`not a ${path} link: ${mail.link}`);
  const url = new URL(mail.link);
  const token = url.searchParams.get("token")!;
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new Error(`not a 256-bit token: ${token}`);
  return { token, local: `${server.url}${path}${url.search}` };
}
