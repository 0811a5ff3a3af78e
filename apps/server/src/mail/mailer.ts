/**
 * The mailer every part of the server sends through: absolute links from PUBLIC_URL, messages stored
 * in the outbox and delivered by its loop over SMTP (or written to the log without SMTP_URL).
 */
import type { Database, Transaction } from "@jcba/db";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../process/config.ts";
import { createOutbox, enqueueMail, type Outbox, type OutboxOptions, type QueuedMail } from "./outbox.ts";
import { createMailTransport, type MailTransport } from "./transport.ts";

export interface Mailer {
  /** "smtp" sends; "log" writes each message with its link to the server log. */
  kind: MailTransport["kind"];
  /** An absolute link to a page of the app, from PUBLIC_URL: never from the request's Host header. */
  link(path: string, params?: Record<string, string>): string;
  /** Stores messages to send, in `tx` when given; they go out once it commits (call `sent`). */
  queue(messages: QueuedMail[], tx?: Pick<Transaction, "db">): Promise<number[]>;
  /** Tells the delivery loop there is mail to send now. */
  sent(): void;
  outbox: Outbox;
}

export function createMailer(deps: {
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "PUBLIC_URL" | "PUBLIC_URL_GIVEN">;
  database: Database;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Where this server listens, for links when PUBLIC_URL is not set (a laptop). */
  localUrl: () => string;
  outbox?: OutboxOptions;
}): Mailer {
  const { config, database, log } = deps;
  const transport = createMailTransport({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }, log);
  const outbox = createOutbox(database, transport, log, deps.outbox);
  if (config.SMTP_URL && !config.PUBLIC_URL_GIVEN)
    log.warn("SMTP_URL is set without PUBLIC_URL: e-mailed links point at this server's own address");
  return {
    kind: transport.kind,
    link(path, params) {
      // Relative to PUBLIC_URL, so an app served under a path (https://union.org/hub) keeps it.
      const url = new URL(
        path.replace(/^\/+/, ""),
        `${config.PUBLIC_URL_GIVEN ? config.PUBLIC_URL : deps.localUrl()}/`,
      );
      for (const [key, value] of Object.entries(params ?? {})) url.searchParams.set(key, value);
      return url.toString();
    },
    queue: (messages, tx) => enqueueMail(tx ?? database, messages),
    sent: () => outbox.kick(),
    outbox,
  };
}
