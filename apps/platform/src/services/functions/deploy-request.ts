import { EDGE_FUNCTION_MAX_FILES, EDGE_FUNCTION_MAX_TOTAL_BYTES, EdgeFunctionDeployMetadata } from '@pgfleet/contracts'
import type { FastifyRequest } from 'fastify'
import { badRequest, HttpError, parseInput } from '../../errors'
import { type FunctionFile, normalizeFileName } from './validation'

export const DEPLOY_FORMAT_MESSAGE =
  'A deploy is multipart/form-data with a "metadata" part (JSON: entrypoint_path, name, verify_jwt) and one part per file'

/** Options for @fastify/multipart: busboy keeps the paths in file names, and the limits match ours. */
export const DEPLOY_MULTIPART_OPTIONS = {
  preservePath: true,
  throwFileSizeLimit: true,
  limits: {
    fileSize: EDGE_FUNCTION_MAX_TOTAL_BYTES,
    files: EDGE_FUNCTION_MAX_FILES,
    fields: 10,
    fieldSize: 64 * 1024,
    parts: EDGE_FUNCTION_MAX_FILES + 10,
  },
}

const TOO_LARGE = `A function's files may total at most ${EDGE_FUNCTION_MAX_TOTAL_BYTES / 1024 / 1024} MB`
/** @fastify/multipart's limit errors, in the words of this API */
const LIMIT_MESSAGES: Record<string, [number, string]> = {
  FST_REQ_FILE_TOO_LARGE: [413, TOO_LARGE],
  FST_FILES_LIMIT: [413, `A function may have at most ${EDGE_FUNCTION_MAX_FILES} files`],
  FST_PARTS_LIMIT: [413, `A function may have at most ${EDGE_FUNCTION_MAX_FILES} files`],
  FST_FIELDS_LIMIT: [400, DEPLOY_FORMAT_MESSAGE],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, DEPLOY_FORMAT_MESSAGE],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'The metadata part is not valid JSON'],
  FST_PROTO_VIOLATION: [400, DEPLOY_FORMAT_MESSAGE],
}

function parseMetadata(value: unknown): EdgeFunctionDeployMetadata {
  let json = value
  if (typeof value === 'string') {
    try {
      json = JSON.parse(value)
    } catch {
      throw badRequest('The metadata part is not valid JSON')
    }
  }
  // stays: the table's body is the multipart form itself; this checks one part of it (the metadata JSON), read
  // from the stream after the permission check, which no route schema can see
  return parseInput(EdgeFunctionDeployMetadata, json)
}

/** Reads the deploy's parts: the metadata and the files (by their file names, which may contain directories). */
export async function readDeployRequest(
  request: FastifyRequest,
): Promise<{ metadata: EdgeFunctionDeployMetadata; files: FunctionFile[] }> {
  if (!request.isMultipart()) throw badRequest(DEPLOY_FORMAT_MESSAGE)
  let metadata: EdgeFunctionDeployMetadata | undefined
  const files: FunctionFile[] = []
  let total = 0
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'metadata') {
        // sent as a Blob (application/json) rather than a plain field
        metadata = parseMetadata((await part.toBuffer()).toString('utf8'))
      } else if (part.type === 'file') {
        const content = await part.toBuffer()
        total += content.length
        if (total > EDGE_FUNCTION_MAX_TOTAL_BYTES) throw new HttpError(413, TOO_LARGE)
        files.push({ name: normalizeFileName(part.filename || part.fieldname), content })
      } else if (part.fieldname === 'metadata') {
        metadata = parseMetadata(part.value)
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    const known = code ? LIMIT_MESSAGES[code] : undefined
    if (known) throw new HttpError(known[0], known[1])
    throw error
  }
  if (!metadata) throw badRequest('The deploy has no metadata part')
  return { metadata, files }
}
