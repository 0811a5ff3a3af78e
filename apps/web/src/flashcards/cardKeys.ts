/** Elements whose own keys must not trigger the card shortcuts (typing, choosing, menus). */
export const TYPING =
  "input, textarea, select, [contenteditable=''], [contenteditable='true'], [role='combobox'], [role='listbox'], [role='option'], [role='menu'], [role='dialog'], [role='alertdialog']";
/** Elements that Space or Enter already activate. */
export const ACTIVATABLE = "button, a[href], [role='button'], summary";
