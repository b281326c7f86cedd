import { z } from 'zod'

/** Event names are snake_case words, as the dashboard's events are named (e.g. example_project_card_clicked). */
export const TelemetryEventName = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,99}$/, 'An event name is lowercase letters, digits and underscores')

const PropertyValue = z.union([z.string().max(500), z.number().finite(), z.boolean()])

/** One product analytics event from the dashboard: what was done, on which page, with a few flat properties. */
export const TelemetryEventBody = z
  .object({
    action: TelemetryEventName,
    /** the dashboard path the event happened on (no origin, no query) */
    page: z.string().max(500).regex(/^\//, 'A page is a path starting with /').optional(),
    properties: z
      .record(
        z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, 'A property name is letters, digits and _'),
        PropertyValue,
      )
      .refine((properties) => Object.keys(properties).length <= 20, 'At most 20 properties')
      .default({}),
  })
  .strict()
export type TelemetryEventBody = z.infer<typeof TelemetryEventBody>
