/**
 * A browser's user agent in words for 'Signed-in devices' ("Firefox on Windows"). Hand-written: a
 * dozen well-known patterns are all a member needs to recognise a device, and a full user-agent
 * database would weigh far more than the list it labels. Order matters: Edge and Opera also say Chrome,
 * Chrome also says Safari, iPadOS and Android also say Linux or Mac OS X.
 */
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

export function describeUserAgent(userAgent: string | null | undefined): { browser: string; os: string } {
  const ua = userAgent ?? "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? (ua ? "Other browser" : "Unknown browser");
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? "unknown system";
  return { browser, os };
}
