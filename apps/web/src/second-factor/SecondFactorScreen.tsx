/**
 * The admin's second factor after the password: enrolment on first sign-in (a QR code for the
 * authenticator app, the secret as text, a first code to confirm, then ten recovery codes shown once),
 * or the code of an enrolled account (or a recovery code). Admin screens send the admin here until
 * this session has passed it. The QR library loads with this screen only.
 */
import { Alert, Box, Button, Card, Code, Image, List, Stack, Text } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { OneTimeCodeField } from "../components/InputField.tsx";
import { PageTitle } from "../components/PageTitle.tsx";
import { beginSetup, enable, type SecondFactorState, verify } from "./secondFactorApi.ts";
import { SECOND_FACTOR_KEY, useSecondFactorState } from "./useSecondFactorState.ts";

function CodeForm({
  label,
  helper,
  submitLabel,
  onCode,
}: {
  label: string;
  helper: string;
  submitLabel: string;
  onCode: (code: string) => Promise<unknown>;
}) {
  const [code, setCode] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await onCode(code.trim());
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setCode("");
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label={label}>
      <Stack gap="4" maxW="sm">
        <OneTimeCodeField
          label={label}
          size="lg"
          value={code}
          onChange={setCode}
          helper={helper}
          error={failure}
          required
          showRequired={false}
        />
        <Button type="submit" colorPalette="brand" loading={busy} alignSelf="start">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

function Enrolment({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const [setup, setSetup] = useState<{ secret: string; uri: string; qr: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void Promise.all([beginSetup(), import("qrcode")])
      .then(async ([begun, qrcode]) => {
        const qr = await qrcode.toDataURL(begun.uri, { margin: 1, width: 220 });
        if (!cancelled) setSetup({ ...begun, qr });
      })
      .catch((error: unknown) => !cancelled && setFailure(error instanceof Error ? error.message : String(error)));
    return () => {
      cancelled = true;
    };
  }, []);
  if (failure)
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{failure}</Alert.Title>
      </Alert.Root>
    );
  if (!setup) return <Text color="fg.muted">Preparing your authenticator set-up…</Text>;
  return (
    <Stack gap="5">
      <Text>
        1. Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …).
      </Text>
      <Box bg="white" p="2" rounded="l2" alignSelf="start">
        <Image src={setup.qr} alt="QR code for your authenticator app" width="220px" height="220px" />
      </Box>
      <Text>
        Cannot scan it? Enter this key in the app instead: <Code data-testid="totp-secret">{setup.secret}</Code>
      </Text>
      <Text>2. Enter the six-digit code the app shows.</Text>
      <CodeForm
        label="Code from your authenticator app"
        helper="Six digits; a new one every 30 seconds."
        submitLabel="Turn on"
        onCode={async (code) => onRecoveryCodes((await enable(code)).recoveryCodes)}
      />
    </Stack>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="4">
      <Alert.Root status="success">
        <Alert.Indicator />
        <Alert.Title>Your authenticator app is set up.</Alert.Title>
      </Alert.Root>
      <Text>
        Keep these recovery codes somewhere safe: each one works once, in place of a code, if you lose your phone. They
        are shown only now.
      </Text>
      <List.Root as="ol" data-testid="recovery-codes" fontFamily="mono" ps="6">
        {codes.map((c) => (
          <List.Item key={c}>{c}</List.Item>
        ))}
      </List.Root>
      <Button colorPalette="brand" alignSelf="start" onClick={onDone}>
        I have kept them — continue
      </Button>
    </Stack>
  );
}

export function SecondFactorScreen() {
  const state = useSecondFactorState();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const finish = () => {
    // Passed: the admin gate must not read the state from before (it would send the admin back here).
    queryClient.setQueryData<SecondFactorState>(
      SECOND_FACTOR_KEY,
      (s) => s && { ...s, enrolled: true, verified: true },
    );
    // Admin queries refused before now are asked again.
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== SECOND_FACTOR_KEY[0] });
    void navigate({ to: "/admin" });
  };
  let body: React.ReactNode;
  if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onDone={finish} />;
  else if (state.isPending) body = <Text color="fg.muted">Loading…</Text>;
  else if (state.isError) body = <Text color="fg.error">{state.error.message}</Text>;
  else if (state.data.verified)
    body = (
      <Stack gap="4">
        <Text>This session has passed the second factor.</Text>
        <Button colorPalette="brand" alignSelf="start" onClick={finish}>
          Go to Admin
        </Button>
      </Stack>
    );
  else if (!state.data.enrolled) body = <Enrolment onRecoveryCodes={setRecoveryCodes} />;
  else
    body = (
      <CodeForm
        label="Code from your authenticator app"
        helper="Or one of your recovery codes, if you do not have your phone."
        submitLabel="Continue"
        onCode={async (code) => {
          await verify(code);
          finish();
        }}
      />
    );
  return (
    <Stack gap="6">
      <PageTitle
        title={state.data && !state.data.enrolled ? "Set up two-step sign-in" : "Two-step sign-in"}
        description="Admin accounts need a second factor: a code from an authenticator app, or a passkey."
      />
      <Card.Root>
        <Card.Body>{body}</Card.Body>
      </Card.Root>
    </Stack>
  );
}
