/**
 * Isolation that only root can give (an OS user per project, peer maps) is tested as root, as CI runs: a run without
 * root fails here with this reason rather than skipping the check and passing.
 */
export function requireRoot(what: string): void {
  if (process.getuid?.() !== 0) {
    throw new Error(`${what} needs root: run the tests as root, as CI does`)
  }
}
