import { randomUUID } from 'node:crypto'
import { DriverOperationUnsupportedError } from '@pgfleet/engine'
import type { FastifyError, FastifyInstance } from 'fastify'
import { ZodError, type z } from 'zod'

/** The one error type of the platform: an HTTP status and a message meant for the user. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
export const unauthorized = (message = 'You must be signed in') => new HttpError(401, message)
export const forbidden = (message = 'You do not have the required permissions for this action') =>
  new HttpError(403, message)
export const notFound = (message: string) => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)

/** Validates input at the edge; the first problem becomes the 400's message. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {})
  if (!result.success) throw badRequest(describeZodError(result.error))
  return result.data
}

function describeZodError(error: ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'Invalid request'
  if (issue.code === 'invalid_type' && issue.input === undefined && issue.path.length > 0) {
    // zod's default "expected string, received undefined" is not for people
    if (!issue.message.startsWith('Invalid input')) return issue.message
    return `${issue.path.join('.')} is required`
  }
  return issue.message
}

/** Turns every failure into `{ message }`; unexpected ones become a 500 with a request id, never a stack. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ message: error.message })
    // what the project's driver cannot do (e.g. stream a backup that lives in an object store): the driver says why
    if (error instanceof DriverOperationUnsupportedError) return reply.status(501).send({ message: error.message })
    if (error instanceof ZodError) return reply.status(400).send({ message: describeZodError(error) })
    const fastifyError = error as FastifyError
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      const message =
        fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON'
          : fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type'
            : fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
              ? 'The request body is too large'
              : fastifyError.message
      return reply.status(fastifyError.statusCode).send({ message })
    }
    const requestId = randomUUID()
    request.log.error({ err: error, requestId }, 'unexpected error')
    return reply.status(500).send({ message: 'Something went wrong on the server', requestId })
  })
}
