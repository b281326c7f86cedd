import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import { StorageError } from './errors'

/**
 * Signed URLs: `/object/sign/{bucket}/{name}?token=...`, where the token is an HS256 JWT signed with the
 * project's JWT secret whose `url` claim names the object. Whoever holds the URL may download that one object
 * until the token expires; rotating the JWT secret invalidates every signed URL.
 */
export const MAX_SIGNED_URL_EXPIRY_S = 10 * 365 * 24 * 3600

const secretBytes = (secret: string) => new TextEncoder().encode(secret)

export async function signObjectUrl(jwtSecret: string, bucketId: string, name: string, expiresInS: number) {
  const url = `${bucketId}/${name}`
  const token = await new SignJWT({ url })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInS)
    .sign(secretBytes(jwtSecret))
  // storage-js prefixes the API URL and encodes it with encodeURI, so the name goes as it is
  return `/object/sign/${url}?token=${token}`
}

/** Checks that `token` is a live signature for exactly this object. */
export async function verifyObjectToken(jwtSecret: string, bucketId: string, name: string, token: string) {
  let url: unknown
  try {
    const { payload } = await jwtVerify(token, secretBytes(jwtSecret), { algorithms: ['HS256'] })
    url = payload.url
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new StorageError(400, 'InvalidJWT', 'The signed URL has expired')
    throw new StorageError(400, 'InvalidJWT', 'The signed URL token is invalid')
  }
  if (url !== `${bucketId}/${name}`)
    throw new StorageError(400, 'InvalidSignature', 'The signed URL is not for this object')
}
