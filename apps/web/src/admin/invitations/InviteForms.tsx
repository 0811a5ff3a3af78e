import { Box, Button, SimpleGrid, Stack, Table, Text, Textarea } from "@chakra-ui/react";
import { plural } from "@jcba/domain";
import { invitee, MAX_ROSTER_CHARS } from "@jcba/validators/invitations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Send, UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { errorMessage, useTRPC } from "../../app/trpc.ts";
import { SectionCard } from "../../components/SectionCard.tsx";
import { notifyError, notifySuccess } from "../../components/ui/toaster.tsx";
import { ERROR_COLOR, FormField, TextField } from "../AdminUi.tsx";
import { FileDropZone } from "../transfer/FileDropZone.tsx";
import { readFileText } from "../transfer/transferRequests.ts";
import { postRoster, type RosterReport } from "./rosterRequest.ts";

const EMPTY = { email: "", firstName: "", lastName: "" };
/** Problem rows shown under a checked roster; the count says how many more there are. */
const SHOWN_ROWS = 100;

/** 'Invite one person': e-mail, first and last name, checked with the server's own rules first. */
export function InviteOne({ onInvited }: { onInvited: () => void }) {
  const trpc = useTRPC();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const invite = useMutation(
    trpc.invitations.invite.mutationOptions({
      onSuccess: (report) => {
        const skipped = report.rows[0];
        if (skipped) notifyError("Nobody was invited", `${skipped.email}: ${skipped.problems.join(" ")}`);
        else {
          notifySuccess(`Invitation sent to ${values.email.trim().toLowerCase()}`);
          setValues(EMPTY);
        }
        onInvited();
      },
      onError: (error) => notifyError("The invitation was not sent", errorMessage(error)),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = invitee.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    invite.mutate({ invitations: [parsed.data] });
  };
  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: values[name],
    error: errors[name],
    required: true,
    onChange: (v: string) => setValues((old) => ({ ...old, [name]: v })),
  });
  return (
    <SectionCard id="invite-one-heading" title="Invite one person">
      <form onSubmit={submit} noValidate data-testid="invite-one">
        <Stack gap="3">
          <TextField label="E-mail" maxLength={320} {...field("email")} />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <TextField label="First name" maxLength={100} {...field("firstName")} />
            <TextField label="Last name" maxLength={100} {...field("lastName")} />
          </SimpleGrid>
          <Button type="submit" colorPalette="brand" size="lg" loading={invite.isPending} alignSelf="flex-start">
            <UserPlus aria-hidden /> Send Invitation
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}

/**
 * 'Invite a roster': a CSV file chosen or pasted (email, first name, last name), always checked first
 * with a dry run that lists bad rows, members and open invitations; sent only when no row is bad.
 */
export function InviteRoster({ onInvited }: { onInvited: () => void }) {
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState("");
  const [file, setFile] = useState<{ name: string; size: number } | null>(null);
  const [report, setReport] = useState<RosterReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: (text: string) => postRoster(text, true),
    onSuccess: (r) => {
      setReport(r);
      setError(null);
    },
    onError: (e) => {
      setReport(null);
      setError(errorMessage(e));
    },
  });
  const send = useMutation({
    mutationFn: (text: string) => postRoster(text, false),
    onSuccess: (r) => {
      notifySuccess(`${plural(r.invited, "invitation")} sent`);
      setReport(null);
      setCsv("");
      setFile(null);
      onInvited();
      void queryClient.invalidateQueries();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const change = (text: string) => {
    setCsv(text);
    setReport(null);
    setError(null);
  };
  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile({ name: chosen.name, size: chosen.size });
    readFileText(chosen, () => {})
      .promise.then((text) => {
        change(text);
        if (text.trim() && text.length <= MAX_ROSTER_CHARS) check.mutate(text);
      })
      .catch((e: unknown) => setError(errorMessage(e)));
  };
  const tooLarge = csv.length > MAX_ROSTER_CHARS;
  const busy = check.isPending || send.isPending;
  const canSend = report !== null && report.invalid === 0 && report.invited > 0;
  return (
    <SectionCard
      id="invite-roster-heading"
      title="Invite a roster"
      description="A CSV file with e-mail, first name and last name on each line (up to 25,000; a header row is optional). It is checked first; nothing is sent until every row is right."
    >
      <Stack gap="4">
        <FileDropZone
          file={file}
          disabled={busy}
          onChoose={choose}
          help="Roster file (.csv, 4 MB at most)"
          accept=".csv,.txt,text/csv,text/plain"
        />
        <FormField label="Or paste the roster" error={tooLarge ? "The roster is too large (4 MB at most)." : undefined}>
          {(d) => (
            <Textarea
              {...d}
              name="roster"
              rows={4}
              fontFamily="mono"
              fontSize="sm"
              placeholder={"email,first name,last name\nmaria.lopez@example.org,Maria,Lopez"}
              value={csv.length > 20_000 ? `${csv.slice(0, 20_000)}\n…` : csv}
              readOnly={csv.length > 20_000}
              onChange={(e) => change(e.currentTarget.value)}
            />
          )}
        </FormField>
        <Box display="flex" gap="3" flexWrap="wrap">
          <Button
            variant="outline"
            size="lg"
            onClick={() => check.mutate(csv)}
            disabled={!csv.trim() || tooLarge || busy}
            loading={check.isPending}
            loadingText="Checking"
          >
            Check Roster
          </Button>
          <Button
            colorPalette="brand"
            size="lg"
            onClick={() => send.mutate(csv)}
            disabled={!canSend || busy}
            loading={send.isPending}
            loadingText="Sending"
          >
            <Send aria-hidden />{" "}
            {report && canSend ? `Send ${plural(report.invited, "Invitation")}` : "Send Invitations"}
          </Button>
        </Box>
        {error && (
          <Text color={ERROR_COLOR} role="alert">
            {error}
          </Text>
        )}
        {report && <RosterCheck report={report} />}
      </Stack>
    </SectionCard>
  );
}

const OUTCOME: Record<RosterReport["rows"][number]["outcome"], string> = {
  invalid: "Invalid",
  duplicate: "Repeated",
  member: "Member",
  invited: "Invited",
};

function RosterCheck({ report }: { report: RosterReport }) {
  const shown = report.rows.slice(0, SHOWN_ROWS);
  return (
    <Stack gap="3" data-testid="roster-check">
      <Text role="status" fontWeight="medium">
        {report.total.toLocaleString("en-US")} rows: {plural(report.invited, "invitation")} to send,{" "}
        {report.invalid.toLocaleString("en-US")} invalid, {report.skipped.toLocaleString("en-US")} skipped (members or
        already invited).
        {report.invalid > 0 && " Fix the invalid rows and check again."}
      </Text>
      {shown.length > 0 && (
        <Table.ScrollArea borderWidth="1px" rounded="md" maxH="72">
          <Table.Root size="sm" stickyHeader>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Row</Table.ColumnHeader>
                <Table.ColumnHeader>E-mail</Table.ColumnHeader>
                <Table.ColumnHeader>Outcome</Table.ColumnHeader>
                <Table.ColumnHeader>Why</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((r) => (
                <Table.Row key={r.row} data-testid="roster-row">
                  <Table.Cell>{r.row}</Table.Cell>
                  <Table.Cell overflowWrap="anywhere">{r.email || "—"}</Table.Cell>
                  <Table.Cell>{OUTCOME[r.outcome]}</Table.Cell>
                  <Table.Cell>{r.problems.join(" ")}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {report.rows.length > shown.length && (
        <Text color="fg.muted" fontSize="sm">
          And {(report.rows.length - shown.length).toLocaleString("en-US")} more rows not shown.
        </Text>
      )}
    </Stack>
  );
}
