// Applies the saved or system theme before first paint, so there is no flash of the wrong colours.
(() => {
  try {
    var saved = localStorage.getItem("theme");
    var dark =
      saved === "dark" ||
      ((saved === null || saved === "system") && window.matchMedia("(prefers-color-scheme: dark)").matches);
    var root = document.documentElement;
    root.classList.add(dark ? "dark" : "light");
    root.style.colorScheme = dark ? "dark" : "light";
  } catch (e) {}
})();
