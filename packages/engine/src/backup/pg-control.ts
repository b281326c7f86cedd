import { lstat, readdir } from 'node:fs/promises'
import path from 'node:path'
import { descriptorPath, openDirectoryNoFollow, readFileBeneath } from '../system/no-follow'

/**
 * The few fields of global/pg_control a backup needs, read directly because the embedded packages ship no
 * pg_controldata. Their offsets have been the same since 9.x (ControlFileData starts with system_identifier,
 * pg_control_version, catalog_version_no, state, time, checkPoint, checkPointCopy{redo, ThisTimeLineID}).
 */
export interface ControlFileSummary {
  systemIdentifier: string
  controlVersion: number
  state: DbState
  /** Location of the latest checkpoint record. */
  checkpointLsn: bigint
  /** Where replay starts for that checkpoint (equal to checkpointLsn for a shutdown checkpoint). */
  redoLsn: bigint
  timeline: number
}

/** DBState in src/include/catalog/pg_control.h. */
export const DB_STATES = [
  'starting up',
  'shut down',
  'shut down in recovery',
  'shutting down',
  'in crash recovery',
  'in archive recovery',
  'in production',
] as const
export type DbState = (typeof DB_STATES)[number] | 'unknown'

export function parseControlFile(buffer: Buffer): ControlFileSummary {
  if (buffer.length < 56) throw new Error(`pg_control is too short (${buffer.length} bytes)`)
  const stateIndex = buffer.readUInt32LE(16)
  return {
    systemIdentifier: buffer.readBigUInt64LE(0).toString(),
    controlVersion: buffer.readUInt32LE(8),
    state: DB_STATES[stateIndex] ?? 'unknown',
    checkpointLsn: buffer.readBigUInt64LE(32),
    redoLsn: buffer.readBigUInt64LE(40),
    timeline: buffer.readUInt32LE(48),
  }
}

export async function readControlFile(dataDir: string): Promise<ControlFileSummary> {
  return parseControlFile(await readFileBeneath(dataDir, 'global/pg_control'))
}

/** "16/B374D848", the way Postgres prints an LSN. */
export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`
}

export function parseLsn(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text.trim())
  if (!match?.[1] || !match[2]) throw new Error(`Invalid LSN: ${text}`)
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`)
}

const WAL_SEGMENT_NAME = /^[0-9A-F]{24}$/
const hex8 = (value: bigint | number): string => value.toString(16).toUpperCase().padStart(8, '0')

/** The name of the WAL segment holding `lsn` (like XLogFileName with XLByteToSeg). */
export function walFileName(timeline: number, lsn: bigint, segmentSize: number): string {
  const size = BigInt(segmentSize)
  const segmentsPerId = 0x1_0000_0000n / size
  const segment = lsn / size
  return `${hex8(timeline)}${hex8(segment / segmentsPerId)}${hex8(segment % segmentsPerId)}`
}

/** Segment names from `first` through `last` (inclusive) on the timeline of `first`. */
export function walFileRange(first: string, last: string, segmentSize: number): string[] {
  if (!WAL_SEGMENT_NAME.test(first) || !WAL_SEGMENT_NAME.test(last)) {
    throw new Error(`Invalid WAL segment names: ${first}, ${last}`)
  }
  const segmentsPerId = 0x1_0000_0000n / BigInt(segmentSize)
  const segmentNumber = (name: string) =>
    BigInt(`0x${name.slice(8, 16)}`) * segmentsPerId + BigInt(`0x${name.slice(16, 24)}`)
  const timeline = Number.parseInt(first.slice(0, 8), 16)
  const from = segmentNumber(first)
  const to = segmentNumber(last)
  if (to < from) throw new Error(`WAL segment ${last} comes before ${first}`)
  if (to - from > 100_000n) throw new Error(`Refusing a WAL range of ${to - from + 1n} segments`)
  const names: string[] = []
  for (let segment = from; segment <= to; segment++) {
    names.push(walFileName(timeline, segment * BigInt(segmentSize), segmentSize))
  }
  return names
}

export interface WalDirectory {
  segments: string[]
  /** Timeline history files (`00000002.history`): tiny, and needed to follow a timeline switch. */
  historyFiles: string[]
  /** Subdirectories (archive_status, summaries) an archive recreates empty. */
  subdirectories: string[]
  segmentSize: number | null
}

/**
 * Lists a data directory's pg_wal. The server's user writes the data directory, so pg_wal is opened without following
 * a link (Postgres allows a linked pg_wal, but the platform never makes one: a link there is refused) and listed
 * through that descriptor; segment sizes are read with lstat.
 */
export async function readWalDirectory(dataDir: string): Promise<WalDirectory> {
  const walDir = await openDirectoryNoFollow(path.join(dataDir, 'pg_wal'))
  try {
    return await listWalDirectory(descriptorPath(walDir))
  } finally {
    await walDir.close()
  }
}

/** Lists `walDir`, a path the caller has made safe (e.g. a descriptor's `/proc/self/fd/N`). */
export async function listWalDirectory(walDir: string): Promise<WalDirectory> {
  const entries = await readdir(walDir, { withFileTypes: true })
  const segments = entries.filter((e) => e.isFile() && WAL_SEGMENT_NAME.test(e.name)).map((e) => e.name)
  const first = segments[0]
  return {
    segments: segments.sort(),
    historyFiles: entries
      .filter((e) => e.isFile() && /^[0-9A-F]{8}\.history$/.test(e.name))
      .map((e) => e.name)
      .sort(),
    subdirectories: entries.filter((e) => e.isDirectory()).map((e) => e.name),
    segmentSize: first ? (await lstat(path.join(walDir, first))).size : null,
  }
}
