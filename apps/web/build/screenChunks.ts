/**
 * Which modules go to `screens`, the one file for the small pieces of code member screens share.
 *
 * Left to itself the bundler gives every set of screens that shares some modules a file of its own:
 * /study/N's first load fetched 25 files beside the app's (an icon, a form field's context, a grading
 * helper, most under 1 KB), and on a phone's slow connection each waits its turn for one of the
 * browser's six connections. Rolldown's own options cannot say "small and shared by screens" (its
 * `minSize` drops a whole group; its `entriesAware` merge moved the app's modules out of the app's
 * file; inlining small chunks copies modules that hold state, such as the outbox or a React context,
 * into each screen), and the module graph alone cannot say it either: the screens import icons and
 * helpers through packages' index files, and only the bundler's tree-shaking knows which they use.
 * So `vite.config.ts` builds once without this file, reads here which pieces came out small and
 * shared, and builds again with those modules in `screens`. See docs/decisions/0022.
 */

/** What the rule needs of a chunk of the first build (Rolldown's OutputChunk, in part). */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  moduleIds: readonly string[];
  /** Its size as the browser downloads it (gzip), in bytes. */
  size: number;
}

/** A member screen's code (the router's split component of a route file), not an admin's. */
const MEMBER_SCREEN = /[\\/]src[\\/]routes[\\/](?!admin[\\/])[^?]+\.tsx\?tsr-split=component$/;
const APP = /[\\/]src[\\/]app[\\/]App\.tsx$/;

/**
 * A shared piece joins `screens`, with the pieces it imports, when all of them together are under this
 * many bytes gzipped: about where a file's own round trip on slow 4G (150–560 ms) costs more than the
 * download on the screens that do not use it (1.4 Mbit/s: 3 KB in about 18 ms). A larger piece keeps
 * its own file, which only the screens that use it load.
 */
export const SMALL_PIECE_BYTES = 3072;

function closure(byFile: ReadonlyMap<string, BuiltChunk>, from: string, leave: ReadonlySet<string>) {
  const into = new Set<string>();
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.pop()!;
    const chunk = byFile.get(file);
    if (!chunk || into.has(file) || leave.has(file)) continue;
    into.add(file);
    queue.push(...chunk.imports);
  }
  return into;
}

/**
 * The modules for `screens`: those of every piece (a file of the first build) that two or more member
 * screens load beyond the app's shell, when it and the pieces it imports beyond the shell are small
 * together; those imports come along, so `screens` needs nothing but the shell's files, which every
 * screen has loaded before it. Whatever one screen alone uses stays in its file, and code loaded on
 * use (a dialog, the charts) is no screen's static import, so it stays apart.
 */
export function sharedScreenModules(chunks: readonly BuiltChunk[], smallBytes = SMALL_PIECE_BYTES): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  const app = chunks.find((c) => c.facadeModuleId !== null && APP.test(c.facadeModuleId));
  if (!entry || !app) return new Set();
  const shell = new Set([...closure(byFile, entry.fileName, new Set()), ...closure(byFile, app.fileName, new Set())]);
  const screens = chunks.filter((c) => c.facadeModuleId !== null && MEMBER_SCREEN.test(c.facadeModuleId));
  const screenFiles = new Set(screens.map((c) => c.fileName));
  const loadedBy = new Map<string, number>();
  for (const screen of screens) {
    for (const file of closure(byFile, screen.fileName, shell)) loadedBy.set(file, (loadedBy.get(file) ?? 0) + 1);
  }
  const modules = new Set<string>();
  const taken = new Set<string>();
  for (const [file, count] of loadedBy) {
    if (count < 2 || taken.has(file)) continue;
    const needs = closure(byFile, file, shell);
    const size = [...needs].reduce((sum, f) => sum + byFile.get(f)!.size, 0);
    // A screen's own file, which another screen may import, stays the screen's.
    if (size >= smallBytes || [...needs].some((f) => screenFiles.has(f))) continue;
    for (const f of needs) {
      taken.add(f);
      for (const id of byFile.get(f)!.moduleIds) modules.add(id);
    }
  }
  return modules;
}
