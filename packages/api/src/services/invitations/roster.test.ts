import { describe, expect, it } from "vitest";
import { checkRoster, rosterFromCsv } from "./roster.ts";

describe("a roster", () => {
  it("reads CSV with or without a header row, its columns in any order, quoted commas kept", async () => {
    const plain = await rosterFromCsv('Ana@Crew.test,Ana,"Diaz, Jr."\r\nben@crew.test,Ben,Okoro\n');
    expect(plain).toEqual({
      error: null,
      entries: [
        { email: "Ana@Crew.test", firstName: "Ana", lastName: "Diaz, Jr." },
        { email: "ben@crew.test", firstName: "Ben", lastName: "Okoro" },
      ],
    });
    const headed = await rosterFromCsv("\uFEFFLast Name;E-mail;First Name\nDiaz;ana@crew.test;Ana\n");
    expect(headed.entries).toEqual([{ email: "ana@crew.test", firstName: "Ana", lastName: "Diaz" }]);
  });

  it("refuses an unreadable file and one over 25,000 rows as a whole", async () => {
    expect((await rosterFromCsv('a@b.test,"open')).error).toMatch(/could not be read/);
    const big = Array.from({ length: 25_001 }, (_, i) => `m${i}@crew.test,A,B`).join("\n");
    expect((await rosterFromCsv(big)).error).toMatch(/at most 25,000/);
  });

  it("checks each row: the invitee rules, and an address only once whatever its case", async () => {
    const checked = await checkRoster([
      { email: " Ana@Crew.test ", firstName: "Ana", lastName: "Diaz" },
      { email: "ana@crew.test", firstName: "Ana", lastName: "Again" },
      { email: "nobody", firstName: "No", lastName: "Body" },
      { email: "cy@crew.test", firstName: "", lastName: "Cy" },
    ]);
    expect(checked.valid).toEqual([{ row: 1, email: "ana@crew.test", firstName: "Ana", lastName: "Diaz" }]);
    expect(checked.problems.map((p) => [p.row, p.outcome, p.problems[0]])).toEqual([
      [2, "duplicate", "email: ana@crew.test is on row 1 already."],
      [3, "invalid", "email: Enter a valid e-mail address."],
      [4, "invalid", "firstName: Enter the first name."],
    ]);
  });
});
