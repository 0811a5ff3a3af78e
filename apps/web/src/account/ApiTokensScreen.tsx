import { Alert, Badge, Box, Button, Flex, Stack } from "@chakra-ui/react";
import { createTokenInput } from "@jcba/validators/account";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { errorMessage, type RouterOutputs, useTRPC } from "../app/trpc.ts";
import { SelectField } from "../components/SelectField.tsx";
import { notifyError, notifySuccess } from "../components/ui/toaster.tsx";
import { AccountItemsTable, dayOf, type ItemColumn, RowActionButton } from "./AccountItemsTable.tsx";
import { AccountLayout, AccountSection, fieldOf } from "./AccountLayout.tsx";
import { ItemNameField } from "./ItemNameField.tsx";

type Token = RouterOutputs["account"]["tokens"][number];
const EXPIRY_CHOICES = [30, 90, 180, 365] as const;
const TOKEN_COLUMNS: ItemColumn<Token>[] = [
  { heading: "Name", cell: (t) => t.name, strong: true },
  {
    heading: "Access",
    cell: (t) => (
      <Badge colorPalette={t.scope === "read" ? "gray" : "orange"} variant="subtle">
        {t.scope === "read" ? "Read-only" : "Read and write"}
      </Badge>
    ),
  },
  { heading: "Created", cell: (t) => dayOf(t.createdAt), nowrap: true },
  { heading: "Last used", cell: (t) => dayOf(t.lastUsedAt), nowrap: true },
  { heading: "Expires", cell: (t) => dayOf(t.expiresAt), nowrap: true },
];

/** API Tokens: personal tokens for scripts, with a scope and an expiry; each can be revoked. */
export function ApiTokensScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.account.tokens.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.tokens.queryKey() });
  const create = useMutation(trpc.account.createToken.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.account.revokeToken.mutationOptions({ onSuccess: refresh }));
  const [name, setName] = useState("");
  const [scope, setScope] = useState<"read" | "write">("read");
  const [days, setDays] = useState("90");
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = createTokenInput.safeParse({ name, scope, expiresInDays: Number(days) });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? "Check the name.");
      return;
    }
    setNameError(null);
    try {
      const made = await create.mutateAsync(parsed.data);
      setCreated({ name: made.name, token: made.token });
      setName("");
    } catch (error) {
      const { field, text } = fieldOf(errorMessage(error).replace(/^\d+: /, ""), ["name"]);
      if (field) setNameError(text);
      else notifyError("The token was not created", errorMessage(error));
    }
  };

  const revokeToken = async (token: Token) => {
    try {
      await revoke.mutateAsync({ id: token.id });
      notifySuccess("Token revoked", `“${token.name}” no longer works.`);
    } catch (error) {
      notifyError("The token was not revoked", errorMessage(error));
    }
  };

  return (
    <AccountLayout
      title="API Tokens"
      description="Personal tokens let your own scripts use the API as you, with Authorization: Bearer <token>."
    >
      <AccountSection id="new-token-heading" title="Create a token">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="4">
            <Flex gap="4" direction={{ base: "column", md: "row" }} align={{ md: "flex-end" }}>
              <ItemNameField
                name="name"
                value={name}
                onChange={setName}
                error={nameError}
                placeholder="e.g. nightly export"
              />
              <SelectField
                label="Access"
                name="scope"
                value={scope}
                onChange={(v) => setScope(v as "read" | "write")}
                flex="1"
              >
                <option value="read">Read-only</option>
                <option value="write">Read and write</option>
              </SelectField>
              <SelectField label="Expires after" name="expires" value={days} onChange={setDays} flex="1">
                {EXPIRY_CHOICES.map((d) => (
                  <option key={d} value={String(d)}>
                    {d} days
                  </option>
                ))}
              </SelectField>
            </Flex>
            <Button type="submit" colorPalette="brand" size="lg" loading={create.isPending} alignSelf="flex-start">
              Create Token
            </Button>
          </Stack>
        </form>
        {created && (
          <Alert.Root status="success" mt="4" data-testid="new-token">
            <Alert.Indicator />
            <Box flex="1" minW="0">
              <Alert.Title>Token “{created.name}” created. Copy it now: it is not shown again.</Alert.Title>
              <Alert.Description>
                <Flex gap="2" align="center" mt="2" wrap="wrap">
                  <Box as="code" data-testid="token-value" wordBreak="break-all" fontFamily="mono" fontSize="sm">
                    {created.token}
                  </Box>
                  <Button
                    size="sm"
                    variant="outline"
                    minH="44px"
                    onClick={() =>
                      void navigator.clipboard
                        ?.writeText(created.token)
                        .then(() => notifySuccess("Copied to the clipboard"))
                        .catch(() => notifyError("Could not copy", "Select the token and copy it by hand."))
                    }
                  >
                    <Copy aria-hidden size={16} /> Copy
                  </Button>
                </Flex>
              </Alert.Description>
            </Box>
          </Alert.Root>
        )}
      </AccountSection>

      <AccountSection id="tokens-heading" title="Your tokens">
        <AccountItemsTable
          query={tokens}
          errorText={errorMessage}
          columns={TOKEN_COLUMNS}
          actions={(t) => (
            <RowActionButton
              icon={Trash2}
              label="Revoke"
              ariaLabel={`Revoke token ${t.name}`}
              loading={revoke.isPending && revoke.variables?.id === t.id}
              onClick={() => void revokeToken(t)}
            />
          )}
          loadingLabel="Loading your tokens"
          empty="You have no API tokens."
          testId="token"
        />
      </AccountSection>
    </AccountLayout>
  );
}
