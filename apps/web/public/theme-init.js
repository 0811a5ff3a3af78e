// Applies the saved or system theme before first paint, so there is no flash of the wrong colours, and
// marks a collapsed sidebar so the app's frame painted from index.html has the member's layout.
(() => {
  let saved = null;
  try {
    saved = localStorage.getItem("theme");
  } catch {
    // Storage blocked (private mode): fall back to the system preference.
  }
  const dark =
    saved === "dark" ||
    ((saved === null || saved === "system") && window.matchMedia("(prefers-color-scheme: dark)").matches);
  const root = document.documentElement;
  root.classList.add(dark ? "dark" : "light");
  root.style.colorScheme = dark ? "dark" : "light";
  if (/(?:^|;\s*)sidebar_state=false/.test(document.cookie)) root.dataset.sidebar = "collapsed";
})();
