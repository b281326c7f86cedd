import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { machineLoad } from './stats'

/**
 * A bench's figures, each printed beside the change from the figure recorded by its last full run
 * (bench/results/<bench>.json), with a loss of more than LOSS_WARNING_RATIO said plainly. A full run records its
 * figures; a short run (`--short` or PGFLEET_BENCH_SHORT=1: each bench once, tiny, so a bench that no longer runs
 * is caught) prints them and records nothing, its tiny figures being no measure of anything.
 */

/** A change that loses more than this share of the recorded figure is reported as a loss. */
export const LOSS_WARNING_RATIO = 0.1

export const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results')

export const SHORT = process.argv.includes('--short') || process.env.PGFLEET_BENCH_SHORT === '1'

/** The bench's positional arguments, without the flags this module reads. */
export const BENCH_ARGS = process.argv.slice(2).filter((arg) => arg !== '--short')

/** A positional argument as a number: the given one, else the short run's or the full run's default. */
export function numberArg(index: number, full: number, short: number): number {
  const given = BENCH_ARGS[index]
  return given === undefined ? (SHORT ? short : full) : Number(given)
}

/** Whether a bigger figure is the better one (a rate, a ratio to the base) or a smaller one (a time, a size). */
export type Better = 'higher' | 'lower'

export interface RecordedFigure {
  value: number
  unit: string
  better: Better
}

export interface RecordedResults {
  bench: string
  recordedAt: string
  load: string
  figures: Record<string, RecordedFigure>
}

export interface FigureOptions {
  unit: string
  better: Better
  /** decimals shown (default: 0 for values of 100 and more, 2 below) */
  digits?: number
}

/** The change of `value` from `recorded`, as text, and whether it lost more than LOSS_WARNING_RATIO. */
export function describeChange(value: number, recorded: RecordedFigure | undefined): { text: string; lost: boolean } {
  if (!recorded || !Number.isFinite(recorded.value) || !Number.isFinite(value)) {
    return { text: 'nothing recorded yet', lost: false }
  }
  const shown = formatValue(recorded.value, recorded.unit)
  if (recorded.value === 0) return { text: `recorded ${shown}`, lost: false }
  const change = (value - recorded.value) / Math.abs(recorded.value)
  const worse = recorded.better === 'higher' ? -change : change
  const percent = `${change >= 0 ? '+' : '−'}${Math.abs(change * 100).toFixed(0)}%`
  if (worse > LOSS_WARNING_RATIO) {
    return {
      text: `recorded ${shown}, ${percent}: LOST ${(worse * 100).toFixed(0)}% (more than ${LOSS_WARNING_RATIO * 100}%)`,
      lost: true,
    }
  }
  return { text: `recorded ${shown}, ${percent}`, lost: false }
}

function formatValue(value: number, unit: string, digits?: number): string {
  const places = digits ?? (Math.abs(value) >= 100 ? 0 : 2)
  const number = value.toLocaleString('en-US', { minimumFractionDigits: places, maximumFractionDigits: places })
  return unit === '' || unit === '×' ? `${number}${unit}` : `${number} ${unit}`
}

export class BenchRecord {
  private readonly recorded: RecordedResults | null
  private readonly figures: Record<string, RecordedFigure> = {}
  private readonly losses: string[] = []

  constructor(
    readonly bench: string,
    private readonly dir = RESULTS_DIR,
  ) {
    const file = this.file()
    this.recorded = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RecordedResults) : null
    if (SHORT) console.log('(short run: tiny sizes, once; figures are not compared or recorded)')
  }

  /** Prints one figure, indented, with its change from the recorded one, and keeps it for save(). */
  figure(label: string, value: number, options: FigureOptions): void {
    this.figures[label] = { value, unit: options.unit, better: options.better }
    const shown = formatValue(value, options.unit, options.digits)
    if (SHORT) {
      console.log(`  ${label}: ${shown}`)
      return
    }
    const change = describeChange(value, this.recorded?.figures[label])
    if (change.lost) this.losses.push(label)
    console.log(`  ${label}: ${shown}  (${change.text})`)
  }

  /**
   * A full run writes its figures as the new record and says which lost ground; a short run writes nothing. Call it
   * once, after the last figure.
   */
  save(): void {
    if (SHORT) return
    if (this.losses.length > 0) {
      console.log(`✖ ${this.bench}: ${this.losses.length} figure(s) lost more than ${LOSS_WARNING_RATIO * 100}%`)
      for (const label of this.losses) console.log(`    ${label}`)
    }
    mkdirSync(this.dir, { recursive: true })
    const results: RecordedResults = {
      bench: this.bench,
      recordedAt: new Date().toISOString(),
      load: machineLoad(),
      figures: this.figures,
    }
    writeFileSync(this.file(), `${JSON.stringify(results, null, 2)}\n`)
    console.log(`recorded in bench/results/${this.bench}.json`)
  }

  private file(): string {
    return path.join(this.dir, `${this.bench}.json`)
  }
}
