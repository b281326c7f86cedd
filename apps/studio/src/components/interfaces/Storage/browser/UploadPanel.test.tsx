// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useSyncExternalStore } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { UploadPanel } from './UploadPanel'
import { UploadQueue, type UploadSender } from './upload-queue'

/** The upload panel's pause and resume controls, on a queue whose sender the test drives. */
const signals: AbortSignal[] = []
const progress: ((loaded: number) => void)[] = []
const send: UploadSender = (upload, onProgress, signal) => {
  // as the resumable sender does once the server has made the upload
  upload.resume.url ??= '/upload/1'
  signals.push(signal)
  progress.push(onProgress)
  return new Promise(() => undefined)
}

function Panel({ queue }: { queue: UploadQueue }) {
  const items = useSyncExternalStore(queue.subscribe, queue.snapshot)
  return <UploadPanel queue={queue} items={items} />
}

afterEach(() => {
  cleanup()
  signals.length = 0
  progress.length = 0
})

describe('UploadPanel', () => {
  it('pauses a large upload, shows how far it got, and resumes it', async () => {
    const queue = new UploadQueue(send, { resumableFromBytes: 100 })
    queue.add([{ path: 'clips/video.mp4', file: new Blob([new Uint8Array(2048)]) }])
    render(<Panel queue={queue} />)
    act(() => progress[0]?.(1024))
    await userEvent.click(screen.getByRole('button', { name: 'Pause upload of video.mp4' }))
    expect(signals[0]?.reason).toBe('pause')
    expect(screen.getByTestId('upload-item').dataset.status).toBe('paused')
    expect(screen.getByTestId('upload-item').textContent).toContain('Paused at 1.0 KB of 2.0 KB')
    expect(screen.queryByRole('button', { name: 'Pause upload of video.mp4' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Resume upload of video.mp4' }))
    expect(screen.getByTestId('upload-item').dataset.status).toBe('uploading')
    expect(signals).toHaveLength(2)
    expect(screen.getByRole('progressbar', { name: 'Upload of video.mp4' }).getAttribute('aria-valuenow')).toBe('50')
  })

  it('offers no pause for a small file, which goes up in one request', () => {
    const queue = new UploadQueue(send, { resumableFromBytes: 100 })
    queue.add([{ path: 'note.txt', file: new Blob(['hi']) }])
    render(<Panel queue={queue} />)
    expect(screen.queryByRole('button', { name: 'Pause upload of note.txt' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Cancel upload of note.txt' })).toBeTruthy()
  })
})
