/**
 * Product analytics events. The platform has no route that collects them yet, so they stay in the page: the
 * latest ones are kept for inspection (tests read them) and announced as a DOM event a collector can listen
 * to. Nothing leaves the browser.
 */
export type TelemetryEvent = { name: string; properties: Record<string, string | number | boolean>; at: number }

export const TELEMETRY_DOM_EVENT = 'pgfleet:telemetry'
const KEPT_EVENTS = 200
const events: TelemetryEvent[] = []

export function recordEvent(name: string, properties: TelemetryEvent['properties'] = {}) {
  const event: TelemetryEvent = { name, properties, at: Date.now() }
  events.push(event)
  if (events.length > KEPT_EVENTS) events.splice(0, events.length - KEPT_EVENTS)
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(TELEMETRY_DOM_EVENT, { detail: event }))
}

/** The events recorded in this page, oldest first. */
export function recordedEvents(): readonly TelemetryEvent[] {
  return events
}
