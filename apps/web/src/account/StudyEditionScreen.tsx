import { Alert, Button, Card, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { errorMessage, type RouterOutputs, useTRPC } from "../app/trpc.ts";
import { ErrorCard, LoadingSpinner } from "../components/PageStates.tsx";
import { SelectField } from "../components/SelectField.tsx";
import { notifySuccess } from "../components/ui/toaster.tsx";
import { AccountLayout, ERROR_COLOR } from "./AccountLayout.tsx";

type Edition = RouterOutputs["editions"]["list"][number];
type Choice = RouterOutputs["account"]["studyEdition"];

/** The select's value for "whichever edition is in force". */
const IN_FORCE = "";

const dateOf = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: "medium", timeZone: "UTC" });

/** Account → Edition: the contract edition the member studies, by default the one in force. */
export function StudyEditionScreen() {
  const trpc = useTRPC();
  const editions = useQuery(trpc.editions.list.queryOptions());
  const choice = useQuery(trpc.account.studyEdition.queryOptions());
  const failed = editions.error ?? choice.error;
  return (
    <AccountLayout
      title="Contract Edition"
      description="The contract you study: study, review, practice tests, search and readiness use its questions and cards."
    >
      {editions.data && choice.data ? (
        <EditionForm editions={editions.data} saved={choice.data} />
      ) : failed ? (
        <ErrorCard
          message={errorMessage(failed)}
          onRetry={() => {
            void editions.refetch();
            void choice.refetch();
          }}
        />
      ) : (
        <LoadingSpinner label="Loading the editions" />
      )}
    </AccountLayout>
  );
}

function EditionForm({ editions, saved }: { editions: Edition[]; saved: Choice }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(saved.chosen ?? IN_FORCE);
  const inForce = editions.find((e) => e.inForce);
  const save = useMutation(
    trpc.account.setStudyEdition.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(trpc.account.studyEdition.queryKey(), next);
        // Review, tests, search and readiness answer for the new edition from now on.
        void queryClient.invalidateQueries({
          predicate: (q) => q.queryKey !== trpc.account.studyEdition.queryKey(),
        });
        const name = editions.find((e) => e.slug === next.edition)?.name ?? next.edition;
        notifySuccess("Edition saved", `You study ${name}.`);
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ edition: value === IN_FORCE ? null : value });
  };
  return (
    <Card.Root maxW="xl">
      <Card.Body>
        <form onSubmit={submit} noValidate>
          <Stack gap="5">
            <SelectField
              label="Edition you study"
              value={value}
              onChange={setValue}
              helper="Following the edition in force moves you to a new contract on the day it takes effect."
            >
              <option value={IN_FORCE}>The edition in force{inForce ? ` (${inForce.name})` : ""}</option>
              {editions.map((e) => (
                <option key={e.slug} value={e.slug}>
                  {e.name}: effective {dateOf(e.effectiveOn)}
                  {e.inForce ? " (in force)" : ""}
                </option>
              ))}
            </SelectField>
            {save.isError && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Description color={ERROR_COLOR}>{errorMessage(save.error)}</Alert.Description>
              </Alert.Root>
            )}
            <Button type="submit" colorPalette="brand" size="lg" alignSelf="start" loading={save.isPending}>
              Save
            </Button>
            <Text fontSize="sm" color="fg.muted">
              A new contract? See{" "}
              <Link to="/changes" style={{ textDecoration: "underline" }}>
                what changed
              </Link>{" "}
              between two editions.
            </Text>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
