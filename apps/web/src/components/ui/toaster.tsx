import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from "@chakra-ui/react";

/** One toast at a time, 5 s, F8 moves focus to the region (spec §9). */
export const toaster = createToaster({ placement: "bottom-end", max: 1, duration: 5000, hotkey: ["F8"], pauseOnPageIdle: true });

export function notifySuccess(title: string) {
  toaster.create({ title, type: "success" });
}
export function notifyError(title: string, description?: string) {
  toaster.create({ title, description, type: "error" });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }} maxW="420px">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger aria-label="Dismiss notification" />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
