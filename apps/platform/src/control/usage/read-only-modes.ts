/**
 * Which projects this process has made read-only, known to its services the moment the sampler decides, where the
 * stored row reaches them only through their caches (the data API keeps it for a second). A project is marked
 * read-only before its server turns read-only and unmarked only once the server has lifted the mode, so a service
 * that asks here never starts a read-write transaction the server would already refuse: a tenant's session whose own
 * default is read-write (a function's `set_config`) would otherwise write in that gap.
 */
export class ReadOnlyModes {
  private readonly modes = new Map<string, boolean>()

  /** The state applied since this process started; undefined before its first sample of the project. */
  get(ref: string): boolean | undefined {
    return this.modes.get(ref)
  }

  set(ref: string, readOnly: boolean): void {
    this.modes.set(ref, readOnly)
  }
}
