import { Credentials, LoginBody } from '@pgfleet/contracts'

export type AuthMode = 'sign-in' | 'sign-up'
export type AuthFieldErrors = Partial<Record<'email' | 'password', string>>

/**
 * Validates with the shared contract: sign-up applies the password rules, sign-in only needs a
 * password (its length rules apply when it is chosen, not when it is typed).
 */
export function validateCredentials(
  mode: AuthMode,
  values: { email: string; password: string },
): { data: { email: string; password: string }; errors?: undefined } | { data?: undefined; errors: AuthFieldErrors } {
  // The contract checks the email format before trimming, so trim first: a pasted address often carries spaces.
  const parsed = (mode === 'sign-up' ? Credentials : LoginBody).safeParse({ ...values, email: values.email.trim() })
  if (parsed.success) return { data: parsed.data }
  const errors: AuthFieldErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0]
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message
  }
  return { errors }
}
