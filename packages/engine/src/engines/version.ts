import { runCommand } from '../system/run-command'

/** Parses "postgres (PostgreSQL) 17.10" or "pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)". */
export function parseVersionOutput(output: string): { major: number; version: string } | null {
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(output)
  if (!match?.[1]) return null
  const major = Number(match[1])
  return { major, version: match[2] === undefined ? `${major}` : `${major}.${match[2]}` }
}

/** Runs `<binary> --version`; null when the program is missing or does not answer like a Postgres tool. */
export async function readBinaryVersion(binary: string): Promise<{ major: number; version: string } | null> {
  try {
    const { stdout } = await runCommand(binary, ['--version'], { timeoutMs: 10_000 })
    return parseVersionOutput(stdout)
  } catch {
    return null
  }
}
