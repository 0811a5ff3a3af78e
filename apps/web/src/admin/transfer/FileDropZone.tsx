import { Box, Button, Flex, Stack, Text } from "@chakra-ui/react";
import { FileUp } from "lucide-react";
import { type Ref, useId, useRef, useState } from "react";
import { fileSize } from "./transferRequests.ts";

/** The file to import: a Choose file button (the dialog's first focus) and a zone to drop one on. */
export function FileDropZone({
  file,
  disabled,
  onChoose,
  buttonRef,
  help = "File (.json or .csv, 4 MB at most)",
  accept = ".json,.csv,.gift,.txt,application/json,text/csv,text/plain",
}: {
  file: { name: string; size: number } | null;
  disabled: boolean;
  onChoose: (file: File | undefined) => void;
  buttonRef?: Ref<HTMLButtonElement>;
  /** What files it takes, said above the button. */
  help?: string;
  /** The file picker's `accept`. */
  accept?: string;
}) {
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const fileInfoId = `${ids}-file`;
  const fileHelpId = `${ids}-file-help`;
  return (
    <Box
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={dragging ? "brand.solid" : "border.emphasized"}
      bg={dragging ? "brand.subtle" : "transparent"}
      rounded="l2"
      p="4"
      onDragOver={(e) => {
        if (disabled) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        if (!disabled) onChoose(e.dataTransfer.files[0]);
      }}
    >
      <Stack gap="3">
        <Text fontWeight="medium" id={fileHelpId}>
          {help}
        </Text>
        <Flex gap="3" align="center" wrap="wrap">
          <Button
            ref={buttonRef}
            variant="outline"
            size="lg"
            disabled={disabled}
            onClick={() => inputRef.current?.click()}
            aria-describedby={`${fileHelpId} ${fileInfoId}`}
          >
            <FileUp aria-hidden /> {file ? "Choose another file" : "Choose file"}
          </Button>
          <Text
            id={fileInfoId}
            color={file ? "fg" : "fg.muted"}
            fontSize="sm"
            overflowWrap="anywhere"
            minW="0"
            data-testid="import-file-name"
          >
            {file ? `${file.name} (${fileSize(file.size)})` : "No file chosen. You can also drop one here."}
          </Text>
        </Flex>
        <input
          ref={inputRef}
          type="file"
          accept={accept}
          hidden
          tabIndex={-1}
          aria-label="Import file"
          data-testid="import-file-input"
          onChange={(e) => {
            onChoose(e.currentTarget.files?.[0]);
            e.currentTarget.value = "";
          }}
        />
      </Stack>
    </Box>
  );
}
