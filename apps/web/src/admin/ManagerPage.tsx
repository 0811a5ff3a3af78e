import { Button, Card, Flex, HStack, IconButton, Text } from "@chakra-ui/react";
import { plural } from "@jcba/domain";
import { History, Pencil, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { errorMessage } from "../app/trpc.ts";
import { ErrorCard, LoadingSpinner } from "../components/PageStates.tsx";
import {
  AdminPage,
  AdminSectionFilter,
  AdminToolbar,
  ConfirmDeleteDialog,
  type ConfirmDeleteProps,
} from "./AdminUi.tsx";
import { TransferControls } from "./transfer/TransferControls.tsx";
import { ITEM_NOUN, type TransferKind } from "./transfer/transferRequests.ts";

/** The list query as the page shows it. */
interface ListState {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * Manage Questions and Manage Flashcards: the title with Import, Export and Add, the section
 * filter with the count, then the list (or its loading, error or empty state) and the dialogs.
 */
export function ManagerPage({
  kind,
  description,
  maxW,
  crud,
  editDialog,
  deleteDetail,
  filter,
  onFilterChange,
  section,
  count,
  list,
  children,
}: {
  kind: TransferKind;
  description: string;
  maxW: string;
  /** The page's create, edit and delete (useAdminCrud): Add opens a new item's dialog. */
  crud: { openDialog: (target: "new") => void; deleteProps: Omit<ConfirmDeleteProps, "detail"> };
  /** The item's edit dialog. */
  editDialog: ReactNode;
  /** What the delete confirmation names: the item being deleted. */
  deleteDetail: string | undefined;
  /** The filter's value: "all" or a section number. */
  filter: string;
  onFilterChange: (value: string) => void;
  section: number | undefined;
  /** How many items the filter shows. */
  count: number;
  list: ListState;
  children: ReactNode;
}) {
  const one = ITEM_NOUN[kind];
  const title = one[0]!.toUpperCase() + one.slice(1);
  return (
    <AdminPage
      title={`Manage ${title}s`}
      description={description}
      action={
        <Flex gap="3" direction={{ base: "column", sm: "row" }} justify="flex-end" flexShrink={0}>
          <TransferControls kind={kind} />
          <Button colorPalette="brand" size="lg" onClick={() => crud.openDialog("new")}>
            <Plus aria-hidden /> Add {title}
          </Button>
        </Flex>
      }
      maxW={maxW}
    >
      <AdminToolbar>
        <AdminSectionFilter value={filter} onChange={onFilterChange} />
        {list.isSuccess && (
          <Text color="fg.muted" role="status" data-testid={`${one}-count`}>
            {plural(count, one)}
            {section === undefined ? " in all sections" : ` in Section ${section}`}
          </Text>
        )}
      </AdminToolbar>

      {list.isPending ? (
        <LoadingSpinner label={`Loading ${kind}`} />
      ) : list.isError ? (
        <ErrorCard message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : count === 0 ? (
        <Card.Root>
          <Card.Body textAlign="center" color="fg.muted">
            No {kind} in this section yet. Use Add {title} to write the first one.
          </Card.Body>
        </Card.Root>
      ) : (
        children
      )}
      {editDialog}
      <ConfirmDeleteDialog {...crud.deleteProps} detail={deleteDetail} />
    </AdminPage>
  );
}

/** The History, Edit and Delete icon buttons of an item's card (44 px targets). */
export function EditDeleteButtons({
  noun,
  onHistory,
  onEdit,
  onDelete,
}: {
  noun: "question" | "flashcard";
  onHistory: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <HStack gap="1" flexShrink={0}>
      <RowIconButton label={`History of ${noun}`} onClick={onHistory}>
        <History />
      </RowIconButton>
      <RowIconButton label={`Edit ${noun}`} onClick={onEdit}>
        <Pencil />
      </RowIconButton>
      <RowIconButton label={`Delete ${noun}`} onClick={onDelete} danger>
        <Trash2 />
      </RowIconButton>
    </HStack>
  );
}

/** A ghost icon button a finger can hit (44 px), its name also its tooltip; red for a deletion. */
function RowIconButton({
  label,
  onClick,
  danger = false,
  children,
}: {
  label: string;
  onClick: () => void;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <IconButton
      variant="ghost"
      size="md"
      minW="44px"
      minH="44px"
      colorPalette={danger ? "red" : undefined}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      {children}
    </IconButton>
  );
}
