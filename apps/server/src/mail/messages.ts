/**
 * The e-mail the hub sends: each with a plain-text part and a simple HTML part (one column, real
 * text, a link whose words say where it goes, `lang` set), both saying the same. Links are absolute,
 * built from PUBLIC_URL by the caller.
 */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** The one link the message carries, logged when no SMTP server is configured. */
  link: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** One message from its parts: greeting, paragraphs before the link, the link's words, paragraphs after. */
function compose(parts: {
  subject: string;
  greeting: string;
  before: string[];
  action: string;
  link: string;
  after: string[];
}): MailContent {
  const text = [
    parts.greeting,
    "",
    ...parts.before.flatMap((p) => [p, ""]),
    `${parts.action}:`,
    parts.link,
    "",
    ...parts.after.flatMap((p) => [p, ""]),
    "JCBA Study Hub",
  ].join("\n");
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:24px;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#111827;background:#ffffff">
<main style="max-width:560px;margin:0 auto">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(parts.subject)}</h1>
${paragraph(parts.greeting)}
${parts.before.map(paragraph).join("\n")}
<p style="margin:0 0 16px"><a href="${escapeHtml(parts.link)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;border-radius:8px;font-weight:600;text-decoration:none">${escapeHtml(parts.action)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#4b5563">If the button does not work, copy this address into your browser:<br>${escapeHtml(parts.link)}</p>
${parts.after.map(paragraph).join("\n")}
<p style="margin:0;color:#4b5563">JCBA Study Hub</p>
</main>
</body>
</html>`;
  return { subject: parts.subject, text, html, link: parts.link };
}

const hello = (firstName: string) => (firstName.trim() ? `Hello ${firstName.trim()},` : "Hello,");

export function passwordResetMessage(input: { firstName: string; link: string; minutes: number }): MailContent {
  return compose({
    subject: "Reset your JCBA Study Hub password",
    greeting: hello(input.firstName),
    before: [
      "Someone asked to reset the password of your JCBA Study Hub account. If it was you, choose a new password with the link below.",
    ],
    action: "Choose a new password",
    link: input.link,
    after: [
      `The link works once, for ${input.minutes} minutes. Choosing a new password signs you out everywhere else.`,
      "If you did not ask for this, you can ignore this message: your password stays as it is.",
    ],
  });
}

/** `passwords` false (PASSWORD_SIGNIN=false): the link leads to single sign-on, not to a password form. */
export function invitationMessage(input: {
  firstName: string;
  link: string;
  days: number;
  passwords?: boolean;
}): MailContent {
  const how =
    input.passwords === false
      ? "Follow the link below and sign in with your union's single sign-on to create your account."
      : "Choose a password with the link below to create your account.";
  return compose({
    subject: "You are invited to JCBA Study Hub",
    greeting: hello(input.firstName),
    before: [
      `Your union invited you to JCBA Study Hub, where flight attendants study and practise the AFA-CWA JCBA. ${how}`,
    ],
    action: "Accept the invitation",
    link: input.link,
    after: [
      `The link works once, for ${input.days} days.`,
      "If you did not expect this invitation, you can ignore this message: no account is made without you.",
    ],
  });
}

export function verifyEmailMessage(input: { firstName: string; link: string; hours: number }): MailContent {
  return compose({
    subject: "Confirm your e-mail address for JCBA Study Hub",
    greeting: hello(input.firstName),
    before: ["Someone made a JCBA Study Hub account with this address. If it was you, confirm it with the link below."],
    action: "Confirm my address",
    link: input.link,
    after: [
      `The link works once, for ${input.hours} hours. Then sign in with your e-mail and password.`,
      "If you did not make this account, you can ignore this message.",
    ],
  });
}

export function emailChangeMessage(input: { firstName: string; link: string; hours: number }): MailContent {
  return compose({
    subject: "Confirm your new e-mail address for JCBA Study Hub",
    greeting: hello(input.firstName),
    before: [
      "Someone asked to use this address for a JCBA Study Hub account. If it was you, confirm it with the link below; until then the account keeps its old address.",
    ],
    action: "Use this address",
    link: input.link,
    after: [
      `The link works once, for ${input.hours} hours.`,
      "If you did not ask for this, you can ignore this message.",
    ],
  });
}

export function emailChangedNotice(input: { firstName: string; newEmail: string; link: string }): MailContent {
  return compose({
    subject: "Your JCBA Study Hub e-mail address was changed",
    greeting: hello(input.firstName),
    before: [
      `Your JCBA Study Hub account now uses ${input.newEmail}. Messages from the study hub go there from now on, and you sign in with it.`,
    ],
    action: "Open JCBA Study Hub",
    link: input.link,
    after: [
      "If you did not make this change, ask your union's study hub administrator for help at once: someone may have used your account.",
    ],
  });
}
