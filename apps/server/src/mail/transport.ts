/**
 * How a message leaves the server: nodemailer over SMTP when SMTP_URL is set (a small pool of
 * connections), otherwise one info line in the server log with the message's link, so a laptop
 * without mail can still follow a password-reset link.
 */
import type { FastifyBaseLogger } from "fastify";
import { createTransport } from "nodemailer";

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string;
}

export interface MailTransport {
  /** "smtp" sends; "log" writes each message to the server log instead. */
  kind: "smtp" | "log";
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailTransport(
  settings: { smtpUrl?: string | undefined; from: string },
  log: Pick<FastifyBaseLogger, "info">,
): MailTransport {
  if (!settings.smtpUrl) {
    return {
      kind: "log",
      async send(mail) {
        log.info(
          { mail: mail.kind, to: mail.to, subject: mail.subject, link: mail.link },
          `mail not sent (no SMTP_URL): ${mail.subject} for ${mail.to}: ${mail.link}`,
        );
      },
      close() {},
    };
  }
  const transporter = createTransport({
    url: settings.smtpUrl,
    pool: true,
    maxConnections: 5,
    // A server that does not answer is given up on in good time; the outbox tries again later.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    kind: "smtp",
    async send(mail) {
      await transporter.sendMail({
        from: settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close() {
      transporter.close();
    },
  };
}
