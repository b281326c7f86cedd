import { type DestinationStream, pino } from 'pino'
import { prettyFactory } from 'pino-pretty'

/**
 * pino-pretty's formatter in the platform's own thread (not a transport worker), writing synchronously: lines keep
 * their order with what the process prints itself, and the last ones before an exit are not lost. Each record is
 * one line, `HH:MM:ss.l LEVEL: [component] message {fields}`; an error's stack follows it.
 */
export function prettyStream(destination?: { write(line: string): unknown }): DestinationStream {
  const out = destination ?? pino.destination({ dest: 1, sync: true })
  const format = prettyFactory({
    // colours only where a person reads them
    colorize: destination === undefined && Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,component',
    messageFormat: '{if component}[{component}] {end}{msg}',
    singleLine: true,
  })
  return { write: (line: string) => void out.write(format(line)) }
}
