import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { processTreeUsage, readProcessChildren } from './proc-stats'

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

/** A /proc with the given processes: stat times in ticks, Pss and SwapPss in kB, IO in bytes. */
async function fakeProc(
  processes: { pid: number; ppid: number; comm: string; ticks: [number, number, number, number]; pss: number }[],
) {
  const root = await mkdtemp(path.join(tmpdir(), 'proc-'))
  dirs.push(root)
  for (const p of processes) {
    const dir = path.join(root, String(p.pid))
    await mkdir(dir)
    // fields 3..: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
    const rest = ['S', p.ppid, 1, 1, 0, -1, 0, 0, 0, 0, 0, ...p.ticks, 20, 0, 1, 0, 100, 1000, 50]
    await writeFile(path.join(dir, 'stat'), `${p.pid} (${p.comm}) ${rest.join(' ')}\n`)
    await writeFile(path.join(dir, 'smaps_rollup'), `Rss: 9999 kB\nPss: ${p.pss} kB\nSwapPss: 1 kB\n`)
    await writeFile(path.join(dir, 'io'), 'rchar: 5\nread_bytes: 4096\nwrite_bytes: 8192\n')
  }
  await mkdir(path.join(root, 'self'))
  return root
}

describe('process tree usage', () => {
  it('sums the postmaster (with its reaped children) and its live backends, not other processes', async () => {
    const proc = await fakeProc([
      { pid: 10, ppid: 1, comm: 'postgres', ticks: [100, 50, 30, 20], pss: 1000 },
      { pid: 11, ppid: 10, comm: 'postgres: checkpointer ', ticks: [10, 10, 99, 99], pss: 500 },
      { pid: 12, ppid: 10, comm: 'postgres: a) b (c', ticks: [5, 5, 0, 0], pss: 250 },
      { pid: 20, ppid: 1, comm: 'other', ticks: [1000, 1000, 0, 0], pss: 9000 },
    ])
    const children = await readProcessChildren(proc)
    expect(children.get(10)?.sort()).toEqual([11, 12])
    const usage = await processTreeUsage(10, children, proc)
    expect(usage?.pids.sort()).toEqual([10, 11, 12])
    // root: 100+50+30+20 ticks; children: utime+stime only (their cutime belongs to no one here)
    expect(usage?.cpuSeconds).toBeCloseTo((200 + 20 + 10) / 100)
    expect(usage?.memoryBytes).toBe(1750 * 1024)
    expect(usage?.swapBytes).toBe(3 * 1024)
    expect(usage?.ioReadBytes).toBe(3 * 4096)
    expect(usage?.ioWriteBytes).toBe(3 * 8192)
  })

  it('answers null when the root has gone', async () => {
    const proc = await fakeProc([{ pid: 30, ppid: 1, comm: 'x', ticks: [1, 1, 1, 1], pss: 1 }])
    expect(await processTreeUsage(31, await readProcessChildren(proc), proc)).toBeNull()
  })
})
