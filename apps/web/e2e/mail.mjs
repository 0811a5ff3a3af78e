/**
 * The mailbox of an e-mail test: a real SMTP server (smtp-server) on the loopback port the e2e server
 * sends to (run.mjs sets E2E_SMTP_PORT), and a wait for the first message to an address.
 */
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export async function startMailbox() {
  const received = [];
  const waiting = new Set();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const w of waiting) w();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve) => smtp.listen(Number(process.env.E2E_SMTP_PORT), "127.0.0.1", resolve));
  return {
    received,
    /** The first message to `address`, received already or still to come (the outbox retries after 30 s). */
    mailTo(address, ms = 90_000) {
      const find = () => received.find((m) => m.to?.value?.[0]?.address === address);
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = find();
          if (!mail) return;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no mail to ${address} within ${ms} ms`));
        }, ms);
        waiting.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => smtp.close(resolve)),
  };
}
