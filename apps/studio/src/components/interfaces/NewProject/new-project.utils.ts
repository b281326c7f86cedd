import { CreateProjectBody, type EngineInfo } from '@pgfleet/contracts'
import { GENERATED_PASSWORD_ALPHABET, GENERATED_PASSWORD_LENGTH } from './new-project.constants'

type RandomSource = (array: Uint32Array) => Uint32Array

const defaultRandom: RandomSource = (array) => crypto.getRandomValues(array)

/** A random password drawn uniformly from the alphabet (rejection sampling avoids modulo bias). */
export function generateDatabasePassword(
  length: number = GENERATED_PASSWORD_LENGTH,
  alphabet: string = GENERATED_PASSWORD_ALPHABET,
  random: RandomSource = defaultRandom,
): string {
  const limit = Math.floor(0x1_0000_0000 / alphabet.length) * alphabet.length
  let password = ''
  const buffer = new Uint32Array(length)
  while (password.length < length) {
    for (const value of random(buffer)) {
      if (value >= limit) continue
      password += alphabet[value % alphabet.length]
      if (password.length === length) break
    }
  }
  return password
}

function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number)
  const right = b.split('.').map(Number)
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0)
    if (difference !== 0 && !Number.isNaN(difference)) return difference
  }
  return 0
}

/** Engines newest first: highest major, then highest version. */
export function sortEngines(engines: readonly EngineInfo[]): EngineInfo[] {
  return [...engines].sort((a, b) => b.major - a.major || compareVersions(b.version, a.version))
}

export function pickDefaultEngine(engines: readonly EngineInfo[] | undefined): EngineInfo | undefined {
  return engines?.length ? sortEngines(engines)[0] : undefined
}

/** One option per major (a project is created on a major), newest first. */
export function engineOptions(engines: readonly EngineInfo[]): { value: string; label: string }[] {
  const seen = new Set<number>()
  const options: { value: string; label: string }[] = []
  for (const engine of sortEngines(engines)) {
    if (seen.has(engine.major)) continue
    seen.add(engine.major)
    const channel = engine.release_channel && engine.release_channel !== 'ga' ? ` (${engine.release_channel})` : ''
    options.push({ value: String(engine.major), label: `Postgres ${engine.version}${channel}` })
  }
  return options
}

export type NewProjectFormValues = {
  name: string
  organizationSlug: string
  password: string
  postgresMajor: string
  region: string
}

export type NewProjectFieldErrors = Partial<Record<'name' | 'organization_slug' | 'db_pass' | 'region', string>>

/** The request body, or the first error of each field (messages from the shared contract). */
export function toCreateProjectBody(
  values: NewProjectFormValues,
): { body: CreateProjectBody; errors?: undefined } | { body?: undefined; errors: NewProjectFieldErrors } {
  const parsed = CreateProjectBody.safeParse({
    name: values.name,
    organization_slug: values.organizationSlug,
    db_pass: values.password,
    region: values.region || undefined,
    postgres_major: values.postgresMajor ? Number(values.postgresMajor) : undefined,
  })
  if (parsed.success) return { body: parsed.data }
  const errors: NewProjectFieldErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof NewProjectFieldErrors
    errors[field] ??= issue.message
  }
  return { errors }
}
