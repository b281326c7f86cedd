import { sendTelemetryEvent } from '../data/telemetry/telemetry-event-mutation'

/**
 * Product analytics events. Each goes to the platform, which writes it to its own log (nothing is sent to anyone
 * else); the latest ones are also kept in the page (tests read them) and announced as a DOM event.
 */
export type TelemetryEvent = { name: string; properties: Record<string, string | number | boolean>; at: number }

export const TELEMETRY_DOM_EVENT = 'pgfleet:telemetry'
const KEPT_EVENTS = 200
const events: TelemetryEvent[] = []

export function recordEvent(name: string, properties: TelemetryEvent['properties'] = {}) {
  const event: TelemetryEvent = { name, properties, at: Date.now() }
  events.push(event)
  if (events.length > KEPT_EVENTS) events.splice(0, events.length - KEPT_EVENTS)
  if (typeof window === 'undefined') return
  window.dispatchEvent(new CustomEvent(TELEMETRY_DOM_EVENT, { detail: event }))
  sendTelemetryEvent({ action: name, page: window.location.pathname.slice(0, 500), properties }).catch(() => {
    // an event that could not be delivered is not worth a word to the user: it is still in the page
  })
}

/** The events recorded in this page, oldest first. */
export function recordedEvents(): readonly TelemetryEvent[] {
  return events
}
