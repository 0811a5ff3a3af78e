/** A timestamp as the API shows it (ISO 8601), from a Date (drizzle) or a string (raw rows on some drivers). */
export const toIso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
