import type { TelemetryEventBody } from '@pgfleet/contracts'
import { api } from '../api'

/** Hands one analytics event to the platform, which writes it to its own log. */
export async function sendTelemetryEvent(event: TelemetryEventBody) {
  return api('POST /platform/telemetry/event', { body: event, keepalive: true })
}
