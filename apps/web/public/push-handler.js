/**
 * Review reminders in the service worker (imported by the generated sw.js): shows the notification
 * the server pushed and, when it is tapped, opens Review in a window of the app (or a new one).
 */
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || "JCBA Study Hub", {
      body: data.body || "Items are due for review.",
      icon: "/pwa-192x192.png",
      badge: "/pwa-64x64.png",
      tag: "review-reminder",
      data: { url: data.url || "/review" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/review", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.navigate(url).then((w) => (w ?? open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
