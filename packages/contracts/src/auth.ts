import { z } from 'zod'
import { PASSWORD_MIN_LENGTH } from './auth.constants'

export const Credentials = z.object({
  email: z.email('Enter a valid email address').trim().toLowerCase().max(254),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(256, 'Password must be at most 256 characters'),
})
export type Credentials = z.infer<typeof Credentials>

/** Login accepts any non-empty password: length rules apply when it is chosen, not when it is typed. */
export const LoginBody = z.object({
  email: z.email('Enter a valid email address').trim().toLowerCase(),
  password: z.string().min(1, 'Password is required').max(256),
})

export const Profile = z.object({
  id: z.number(),
  gotrue_id: z.string(),
  username: z.string(),
  primary_email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  created_at: z.string(),
  /** runs the platform (see InstanceAdmin): sets organizations' plans */
  instance_admin: z.boolean(),
})
export type Profile = z.infer<typeof Profile>

export const CreateAccessTokenBody = z.object({
  name: z.string().trim().min(1, 'Token name is required').max(100, 'Token name must be at most 100 characters'),
})
export const AccessTokenCreated = z.object({
  id: z.number(),
  name: z.string(),
  token: z.string(),
  created_at: z.string(),
})
export const AccessToken = z.object({
  id: z.number(),
  name: z.string(),
  token_alias: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
})
export type AccessToken = z.infer<typeof AccessToken>
