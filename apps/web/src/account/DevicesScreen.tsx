import { Badge, Button, Flex, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { errorMessage, type RouterOutputs, useTRPC } from "../app/trpc.ts";
import { ModalDialog } from "../components/ModalDialog.tsx";
import { notifySuccess } from "../components/ui/toaster.tsx";
import { AccountItemsTable, type ItemColumn, momentOf, RowActionButton } from "./AccountItemsTable.tsx";
import { AccountLayout, AccountSection, ERROR_COLOR } from "./AccountLayout.tsx";

type Device = RouterOutputs["account"]["devices"][number];
/** What the member asked to sign out: one device, or every one but this. */
type Ending = { kind: "one"; device: Device } | { kind: "others" };

const deviceName = (d: Device) => `${d.browser} on ${d.os}`;
const whereOf = (d: Device) => d.network ?? "Unknown network";

const DEVICE_COLUMNS: ItemColumn<Device>[] = [
  {
    heading: "Device",
    strong: true,
    cell: (d) => (
      <Stack gap="1" align="flex-start">
        <Text as="span">{deviceName(d)}</Text>
        {d.thisDevice && (
          <Badge colorPalette="green" variant="subtle" data-testid="this-device">
            This device
          </Badge>
        )}
        {/* A phone has no room for the Where and Signed in columns: their values go here. */}
        <Text as="span" hideFrom="md" fontSize="xs" fontWeight="normal" color="fg.muted">
          {whereOf(d)} · signed in {momentOf(d.createdAt)}
        </Text>
      </Stack>
    ),
  },
  { heading: "Where", cell: whereOf, hideOnPhone: true },
  { heading: "Signed in", cell: (d) => momentOf(d.createdAt), hideOnPhone: true },
  { heading: "Last seen", cell: (d) => momentOf(d.lastSeenAt) },
];

/** Signed-in devices: where the account is signed in now; the member signs out one device or all others. */
export function DevicesScreen() {
  const trpc = useTRPC();
  // Fresh on every visit (the app keeps other answers until they change): last seen moves on its own.
  const devices = useQuery(trpc.account.devices.queryOptions(undefined, { staleTime: 0 }));
  const [ending, setEnding] = useState<Ending | null>(null);
  const others = devices.data?.filter((d) => !d.thisDevice).length ?? 0;

  return (
    <AccountLayout
      title="Signed-in Devices"
      description="Where your account is signed in now. Sign out any device you do not know or no longer use."
    >
      <AccountSection id="devices-heading" title="Your devices">
        <Stack gap="4">
          <AccountItemsTable
            query={devices}
            errorText={errorMessage}
            columns={DEVICE_COLUMNS}
            actions={(d) =>
              d.thisDevice ? null : (
                <RowActionButton
                  icon={LogOut}
                  label="Sign out"
                  ariaLabel={`Sign out ${deviceName(d)}, last seen ${momentOf(d.lastSeenAt)}`}
                  onClick={() => setEnding({ kind: "one", device: d })}
                />
              )
            }
            loadingLabel="Loading your devices"
            empty="You are signed in nowhere else."
            testId="device"
          />
          {others > 0 && (
            <Button
              alignSelf="flex-start"
              variant="outline"
              colorPalette="red"
              minH="44px"
              onClick={() => setEnding({ kind: "others" })}
            >
              <LogOut aria-hidden size={16} /> Sign out everywhere else
            </Button>
          )}
        </Stack>
      </AccountSection>
      <EndDevicesDialog ending={ending} others={others} onClose={() => setEnding(null)} />
    </AccountLayout>
  );
}

/** Asks before signing devices out: the device is signed out at once and needs a sign-in again. */
function EndDevicesDialog({ ending, others, onClose }: { ending: Ending | null; others: number; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.devices.queryKey() });
  const endOne = useMutation(trpc.account.endDevice.mutationOptions({ onSettled: refresh }));
  const endOthers = useMutation(trpc.account.endOtherDevices.mutationOptions({ onSettled: refresh }));
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!ending) return;
    try {
      if (ending.kind === "one") {
        await endOne.mutateAsync({ id: ending.device.id });
        notifySuccess("Device signed out", `${deviceName(ending.device)} is signed out.`);
      } else {
        const { ended } = await endOthers.mutateAsync();
        notifySuccess(
          "Signed out everywhere else",
          `${ended} ${ended === 1 ? "device was" : "devices were"} signed out.`,
        );
      }
      close();
    } catch (e) {
      setError(errorMessage(e).replace(/^\d+: /, ""));
    }
  };
  const title =
    ending?.kind === "one"
      ? `Sign out ${deviceName(ending.device)}?`
      : `Sign out ${others === 1 ? "the other device" : `all ${others} other devices`}?`;
  return (
    <ModalDialog
      open={ending !== null}
      onClose={close}
      role="alertdialog"
      labelledBy="end-devices-title"
      describedBy="end-devices-text"
    >
      <Stack gap="4" p="6">
        <Text as="h2" id="end-devices-title" fontWeight="semibold" fontSize="lg">
          {title}
        </Text>
        <Text id="end-devices-text" color="fg.muted">
          {ending?.kind === "one"
            ? `Last seen ${momentOf(ending.device.lastSeenAt)} from ${whereOf(ending.device)}. `
            : "This device stays signed in. "}
          Using your account there again takes a new sign-in.
        </Text>
        {error && (
          <Text role="alert" color={ERROR_COLOR}>
            {error}
          </Text>
        )}
        <Flex gap="2" wrap="wrap">
          <Button colorPalette="red" minH="44px" loading={endOne.isPending || endOthers.isPending} onClick={confirm}>
            Sign out
          </Button>
          <Button variant="ghost" minH="44px" onClick={close}>
            Cancel
          </Button>
        </Flex>
      </Stack>
    </ModalDialog>
  );
}
