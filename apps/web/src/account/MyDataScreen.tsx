/**
 * My Data: download everything the app keeps about the member (JSON, or CSV files in a zip), or
 * delete the account for good after the password (or a passkey, or a fresh SSO sign-in) and a confirmation.
 */
import { Button, Card, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { changeEmailInput, deleteAccountInput } from "@jcba/validators/account";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouteContext } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { downloadFile } from "../admin/transfer/transferRequests.ts";
import { errorMessage, useTRPC, useTRPCClient } from "../app/trpc.ts";
import { ConfirmDialog } from "../components/ConfirmDialog.tsx";
import { CurrentPasswordField, InputField } from "../components/InputField.tsx";
import { ProblemAlert } from "../components/ProblemAlert.tsx";
import { AccountLayout, fieldOf } from "./AccountLayout.tsx";
import { passkeyAssertion, passkeyError } from "./passkeysApi.ts";

function DownloadCard() {
  const client = useTRPCClient();
  const [busy, setBusy] = useState<"json" | "zip" | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (format: "json" | "zip") => {
    setBusy(format);
    setFailure(null);
    try {
      const data = await client.account.export.query();
      const name = `jcba-study-hub-data-${data.exportedAt.slice(0, 10)}`;
      if (format === "json")
        downloadFile({
          filename: `${name}.json`,
          contentType: "application/json",
          content: JSON.stringify(data, null, 2),
        });
      else {
        const { zipOf } = await import("./dataFiles.ts");
        downloadFile({ filename: `${name}.zip`, contentType: "application/zip", content: zipOf(data, name) });
      }
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card.Root as="section" aria-labelledby="download-heading" maxW="2xl">
      <Card.Body gap="3">
        <Heading as="h2" size="md" id="download-heading">
          Download my data
        </Heading>
        <Text color="fg.muted">
          Your profile, every answer you gave, your practice tests, mastered cards, review schedule and log, flags,
          reports and the names of your API tokens: as one JSON file, or as CSV files in a zip for a spreadsheet.
        </Text>
        {failure && <ProblemAlert title="The download did not work" description={failure} />}
        <Flex gap="3" wrap="wrap">
          <Button colorPalette="brand" minH="44px" loading={busy === "json"} onClick={() => void download("json")}>
            Download JSON
          </Button>
          <Button variant="outline" minH="44px" loading={busy === "zip"} onClick={() => void download("zip")}>
            Download CSV (zip)
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

function DeleteCard() {
  const trpc = useTRPC();
  const { user } = useRouteContext({ from: "__root__" });
  const remove = useMutation(trpc.account.deleteAccount.mutationOptions());
  const methods = useQuery(trpc.account.signInMethods.queryOptions());
  // A member with no password (SSO only), or a hub without password sign-in, confirms another way.
  const usePassword = methods.data ? methods.data.passwords && methods.data.hasPassword : true;
  const [method, setMethod] = useState<"password" | "passkey" | "sso">("password");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const check = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!usePassword) return setConfirming(true);
    setMethod("password");
    const parsed = deleteAccountInput.safeParse({ password });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    setConfirming(true);
  };
  const confirm = async () => {
    setConfirming(false);
    try {
      if (method === "password") await remove.mutateAsync({ password });
      else if (method === "passkey") await remove.mutateAsync({ passkey: JSON.stringify(await passkeyAssertion()) });
      else await remove.mutateAsync({ sso: true });
    } catch (e) {
      if (method === "passkey" && e instanceof Error && e.name === "NotAllowedError")
        return setFailure(passkeyError(e));
      const { field, text } = fieldOf(errorMessage(e).replace(/^\d+: /, ""), ["password"]);
      if (field) setError(text);
      else setFailure(errorMessage(e));
      return;
    }
    // The account is gone: so is everything of it on this device, waiting writes included.
    const { forgetMemberData } = await import("../offline/deviceData.ts");
    await forgetMemberData(user.id, { keepOutbox: false });
    window.location.assign("/");
  };

  return (
    <Card.Root as="section" aria-labelledby="delete-heading" maxW="2xl" borderColor="border.error">
      <Card.Body>
        <form onSubmit={check} noValidate>
          <Stack gap="3">
            <Heading as="h2" size="md" id="delete-heading">
              Delete my account
            </Heading>
            <Text color="fg.muted">
              Your account, your sessions and API tokens and everything you studied are removed for good. Your first
              answers stay in the questions' statistics, with no link to you. This cannot be undone.
            </Text>
            {failure && <ProblemAlert title="Your account was not deleted" description={failure} />}
            {usePassword ? (
              <>
                <CurrentPasswordField value={password} onChange={setPassword} error={error} required maxW="sm" />
                <Button type="submit" colorPalette="red" minH="44px" alignSelf="flex-start" loading={remove.isPending}>
                  Delete my account
                </Button>
              </>
            ) : (
              <>
                <Text>
                  Confirm that it is you with one of your passkeys
                  {methods.data?.sso
                    ? ", or with your union account if you signed in with it in the last 5 minutes"
                    : ""}
                  .
                </Text>
                <Flex gap="3" wrap="wrap">
                  {(methods.data?.passkeys ?? 0) > 0 && (
                    <Button type="submit" colorPalette="red" minH="44px" onClick={() => setMethod("passkey")}>
                      Delete with a passkey
                    </Button>
                  )}
                  {methods.data?.sso && (
                    <>
                      <Button asChild variant="outline" minH="44px">
                        <a href="/api/auth/oidc/start">Sign in again with your union account</a>
                      </Button>
                      <Button type="submit" colorPalette="red" minH="44px" onClick={() => setMethod("sso")}>
                        Delete after signing in again
                      </Button>
                    </>
                  )}
                </Flex>
              </>
            )}
          </Stack>
        </form>
      </Card.Body>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete your account for good?"
        cancelLabel="Keep my account"
        confirmLabel="Delete for good"
        confirmPalette="red"
        onConfirm={() => void confirm()}
      >
        <Text>Everything of yours goes now, and you are signed out on every device.</Text>
      </ConfirmDialog>
    </Card.Root>
  );
}

/** Account → E-mail: a link goes to the new address; the change applies when it is followed. */
function EmailCard() {
  const trpc = useTRPC();
  const { user } = useRouteContext({ from: "__root__" });
  const methods = useQuery(trpc.account.signInMethods.queryOptions());
  const change = useMutation(trpc.account.changeEmail.mutationOptions({ onSuccess: () => void methods.refetch() }));
  const [newEmail, setNewEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = changeEmailInput.safeParse({ newEmail });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    try {
      await change.mutateAsync(parsed.data);
      setNewEmail("");
    } catch (err) {
      setError(fieldOf(errorMessage(err).replace(/^\d+: /, ""), ["newEmail"]).text);
    }
  };
  return (
    <Card.Root as="section" aria-labelledby="email-heading" maxW="2xl">
      <Card.Body>
        <form onSubmit={submit} noValidate>
          <Stack gap="3">
            <Heading as="h2" size="md" id="email-heading">
              E-mail address
            </Heading>
            <Text color="fg.muted">
              Your account uses {user.email}. A new address takes effect when you follow the link we send to it.
            </Text>
            {methods.data?.pendingEmail && (
              <Text role="status">A link was sent to {methods.data.pendingEmail}. Follow it to use that address.</Text>
            )}
            <InputField
              label="New e-mail address"
              type="email"
              name="newEmail"
              autoComplete="email"
              value={newEmail}
              onChange={setNewEmail}
              error={error}
              required
              maxW="sm"
            />
            <Button type="submit" minH="44px" alignSelf="flex-start" loading={change.isPending}>
              Send the link
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

export function MyDataScreen() {
  return (
    <AccountLayout title="My Data" description="Take your data with you, or delete your account.">
      <DownloadCard />
      <EmailCard />
      <DeleteCard />
    </AccountLayout>
  );
}
