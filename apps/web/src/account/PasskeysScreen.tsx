import { Button, Flex, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { CurrentPasswordField } from "../components/InputField.tsx";
import { ModalDialog } from "../components/ModalDialog.tsx";
import { notifyError, notifySuccess } from "../components/ui/toaster.tsx";
import { AccountItemsTable, dayOf, type ItemColumn, RowActionButton } from "./AccountItemsTable.tsx";
import { AccountLayout, AccountSection } from "./AccountLayout.tsx";
import { ItemNameField } from "./ItemNameField.tsx";
import {
  addPasskey,
  browserHasPasskeys,
  listPasskeys,
  type Passkey,
  passkeyError,
  removePasskey,
} from "./passkeysApi.ts";

const PASSKEYS_KEY = ["account", "passkeys"] as const;
const PASSKEY_COLUMNS: ItemColumn<Passkey>[] = [
  { heading: "Name", cell: (p) => p.name, strong: true },
  { heading: "Created", cell: (p) => dayOf(p.createdAt), nowrap: true },
  { heading: "Last used", cell: (p) => dayOf(p.lastUsedAt), nowrap: true },
];

/** Passkeys: sign in with the phone's or computer's screen lock or a security key instead of a password. */
export function PasskeysScreen() {
  const queryClient = useQueryClient();
  const passkeys = useQuery({ queryKey: PASSKEYS_KEY, queryFn: listPasskeys });
  const refresh = () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const add = useMutation({ mutationFn: addPasskey, onSuccess: refresh });
  const supported = browserHasPasskeys();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError("Give the passkey a name, e.g. the device it is on.");
      return;
    }
    setNameError(null);
    try {
      const made = await add.mutateAsync(trimmed);
      setName("");
      notifySuccess("Passkey added", `You can sign in with “${made.name}” now.`);
    } catch (error) {
      notifyError("The passkey was not added", passkeyError(error));
    }
  };

  return (
    <AccountLayout
      title="Passkeys"
      description="Sign in with your device's screen lock or a security key instead of typing a password."
    >
      <AccountSection id="new-passkey-heading" title="Add a passkey">
        {!supported ? (
          <Text color="fg.muted">This browser cannot make passkeys.</Text>
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Flex gap="4" direction={{ base: "column", md: "row" }} align={{ md: "flex-end" }}>
              <ItemNameField
                name="passkeyName"
                value={name}
                onChange={setName}
                error={nameError}
                placeholder="e.g. my phone"
              />
              <Button type="submit" colorPalette="brand" size="lg" loading={add.isPending}>
                <KeyRound aria-hidden size={18} /> Add Passkey
              </Button>
            </Flex>
          </form>
        )}
      </AccountSection>

      <AccountSection id="passkeys-heading" title="Your passkeys">
        <AccountItemsTable
          query={passkeys}
          errorText={passkeyError}
          columns={PASSKEY_COLUMNS}
          actions={(p) => (
            <RowActionButton
              icon={Trash2}
              label="Remove"
              ariaLabel={`Remove passkey ${p.name}`}
              onClick={() => setRemoving(p)}
            />
          )}
          loadingLabel="Loading your passkeys"
          empty="You have no passkeys."
          testId="passkey"
        />
      </AccountSection>
      <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} onRemoved={refresh} />
    </AccountLayout>
  );
}

/** Removing a passkey asks for proof that it is the member: the password, or one of their passkeys. */
function RemovePasskeyDialog({
  passkey,
  onClose,
  onRemoved,
}: {
  passkey: Passkey | null;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: ({ id, password }: { id: number; password: string | null }) => removePasskey(id, password),
  });
  const close = () => {
    setPassword("");
    setError(null);
    onClose();
  };
  const confirm = async (withPassword: boolean) => {
    if (!passkey) return;
    if (withPassword && !password) {
      setError("Enter your password, or confirm with a passkey.");
      return;
    }
    try {
      await remove.mutateAsync({ id: passkey.id, password: withPassword ? password : null });
      notifySuccess("Passkey removed", `“${passkey.name}” no longer signs you in.`);
      onRemoved();
      close();
    } catch (e) {
      setError(passkeyError(e).replace(/^(password|passkey): /, ""));
    }
  };
  return (
    <ModalDialog open={passkey !== null} onClose={close} labelledBy="remove-passkey-title">
      <Stack gap="4" p="6">
        <Text as="h2" id="remove-passkey-title" fontWeight="semibold" fontSize="lg">
          Remove “{passkey?.name}”?
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void confirm(true);
          }}
          noValidate
        >
          <Stack gap="3">
            <CurrentPasswordField name="currentPassword" value={password} onChange={setPassword} error={error} />
            <Flex gap="2" wrap="wrap">
              <Button type="submit" colorPalette="red" loading={remove.isPending}>
                Remove
              </Button>
              <Button type="button" variant="outline" onClick={() => void confirm(false)} disabled={remove.isPending}>
                Confirm with a passkey instead
              </Button>
              <Button type="button" variant="ghost" onClick={close}>
                Cancel
              </Button>
            </Flex>
          </Stack>
        </form>
      </Stack>
    </ModalDialog>
  );
}
