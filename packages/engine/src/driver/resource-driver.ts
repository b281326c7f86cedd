/** Bytes a project occupies on disk, by what holds them. */
export interface ProjectDiskReading {
  /** everything below, plus tables, indexes and the rest of the data directory */
  totalBytes: number
  /** tables, indexes and the rest of every database (base/, temporary files left out) */
  databaseBytes: number
  /** pg_wal, including segments that replication slots hold back */
  walBytes: number
  /** temporary files of running queries */
  tempBytes: number
  /** archived WAL kept for point-in-time recovery (0 without it) */
  walArchiveBytes: number
  /**
   * True when totalBytes is the last walk of the directories plus what the project has written since: an upper
   * bound (the other figures are the last walk's). False when every directory was walked now.
   */
  estimated: boolean
}

/** One reading of a project's resources; process counters are cumulative (compare two readings for rates). */
export interface ProjectResourceReading {
  /** ms since the epoch */
  readAt: number
  disk: ProjectDiskReading
  /** null when the server is not running */
  processes: {
    /** the postmaster and its live backends */
    processCount: number
    cpuSeconds: number
    memoryBytes: number
    swapBytes: number
    ioReadBytes: number
    ioWriteBytes: number
  } | null
}

/** What a project uses (disk, CPU, memory, IO) and the limits applied when its disk fills. */
export interface ProjectResourceDriver {
  /** Bytes under the project's data directory (data and WAL; backups are not included). */
  projectDiskUsage(ref: string): Promise<number>
  /**
   * Disk, CPU, memory and IO of each project (servers that are not running get a disk reading only). The disk
   * may be an estimate from above between measurements, unless `exactDisk` asks for a measurement now.
   */
  projectResourceReadings(
    refs: string[],
    options?: { exactDisk?: boolean },
  ): Promise<Record<string, ProjectResourceReading>>
  /**
   * Makes every new transaction of the running project read-only by default (or stops doing so), applied with a
   * reload: no restart, no session ended. A session can still lift it for itself to free space.
   */
  setProjectReadOnly(ref: string, enabled: boolean): Promise<void>
  /**
   * Past the project's disk ceiling (`exceeded`): refuses the tenant's logins and ends the sessions it has, leaving
   * the platform's own connections; or accepts logins again. Answers the sessions ended.
   */
  setProjectWriteCeiling(ref: string, exceeded: boolean): Promise<number>
  /** CHECKPOINT on the running project, so WAL it no longer needs is recycled; false when it could not run. */
  checkpointProject(ref: string): Promise<boolean>
}
