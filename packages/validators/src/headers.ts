/**
 * HTTP headers the web app and the server agree on. A module of its own, free of zod, so the app's
 * shell can import it without the validation library.
 */
/**
 * The header a device's outbox sends with each queued write: the id of the member who made it. The
 * server refuses the write (409) when another member is signed in, so it waits for its own member.
 */
export const MEMBER_HEADER = "x-member-id";

/** What the header must hold: a member's id. */
export const memberHeaderValue = /^[1-9][0-9]{0,9}$/;
