import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { projectApiKeys, signApiKey, verifyProjectJwt } from './api-keys'

const project = {
  ref: 'abcdefghijklmnopqrst',
  jwt_secret: 'a-very-long-project-jwt-secret-value',
  created_at: new Date('2026-01-01T00:00:00Z'),
}

describe('project API keys', () => {
  it('are HS256 JWTs with role, iss, iat and exp', async () => {
    const keys = await projectApiKeys(project)
    const anon = decodeJwt(keys.anon)
    expect(anon).toMatchObject({ role: 'anon', iss: 'pgfleet', iat: 1767225600, ref: project.ref })
    expect(anon.exp).toBeGreaterThan(anon.iat as number)
    expect(decodeJwt(keys.service_role).role).toBe('service_role')
  })

  it('are stable for a secret and change when the secret changes', async () => {
    const again = await projectApiKeys(project)
    expect(again).toEqual(await projectApiKeys(project))
    const rotated = await projectApiKeys({ ...project, jwt_secret: 'another-long-project-jwt-secret-value' })
    expect(rotated.anon).not.toBe(again.anon)
  })

  it('verify with the project secret only', async () => {
    const key = await signApiKey('service_role', project.jwt_secret, project.ref, project.created_at)
    expect((await verifyProjectJwt(key, project.jwt_secret)).role).toBe('service_role')
    await expect(verifyProjectJwt(key, 'some-other-secret-of-enough-length')).rejects.toThrow()
  })
})
