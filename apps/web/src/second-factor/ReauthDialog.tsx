/**
 * 'Confirm it is you': asked when the server answers REAUTH_REQUIRED (reauth.ts). The password and
 * the authenticator's code (when the account has one), or a passkey; on success the refused call is
 * sent again. Loaded only when first asked.
 */
import { Alert, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useEffect, useState } from "react";
import { browserHasPasskeys, passkeyError } from "../account/passkeysApi.ts";
import { CurrentPasswordField, OneTimeCodeField } from "../components/InputField.tsx";
import { ModalDialog } from "../components/ModalDialog.tsx";
import { onReauthAsked, settleReauth } from "./reauth.ts";
import { reauthenticate, reauthenticateWithPasskey, secondFactorState } from "./secondFactorApi.ts";

export default function ReauthDialog() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [needsCode, setNeedsCode] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(
    () =>
      onReauthAsked((asking) => {
        setOpen(asking);
        if (!asking) return;
        setPassword("");
        setCode("");
        setFailure(null);
        void secondFactorState()
          .then((s) => setNeedsCode(s.enrolled))
          .catch(() => setNeedsCode(false));
      }),
    [],
  );

  const done = async (attempt: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await attempt();
      settleReauth(true);
    } catch (error) {
      setFailure(passkeyError(error));
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void done(() => reauthenticate(password, needsCode ? code.trim() : undefined));
  };

  return (
    <ModalDialog open={open} onClose={() => settleReauth(false)} labelledBy="reauth-title" describedBy="reauth-why">
      <form onSubmit={submit} aria-label="Confirm it is you">
        <Stack gap="4" p="6">
          <Text as="h2" id="reauth-title" textStyle="lg" fontWeight="semibold">
            Confirm it is you
          </Text>
          <Text id="reauth-why" color="fg.muted">
            Role changes, disabling accounts, imports and new API tokens need a sign-in from the last 15 minutes.
          </Text>
          <CurrentPasswordField
            label="Password"
            value={password}
            onChange={setPassword}
            required
            showRequired={false}
          />
          {needsCode && (
            <OneTimeCodeField
              label="Code from your authenticator app"
              value={code}
              onChange={setCode}
              helper="Or one of your recovery codes."
              required
              showRequired={false}
            />
          )}
          {failure && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          <HStack justify="space-between" wrap="wrap">
            {browserHasPasskeys() ? (
              <Button variant="outline" disabled={busy} onClick={() => void done(reauthenticateWithPasskey)}>
                Use a passkey
              </Button>
            ) : (
              <span />
            )}
            <HStack>
              <Button variant="ghost" onClick={() => settleReauth(false)}>
                Cancel
              </Button>
              <Button type="submit" colorPalette="brand" loading={busy}>
                Confirm
              </Button>
            </HStack>
          </HStack>
        </Stack>
      </form>
    </ModalDialog>
  );
}
