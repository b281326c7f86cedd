import { PASSWORD_MIN_LENGTH } from '@pgfleet/contracts'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useLoginMutation } from '../../../data/auth/login-mutation'
import { useSignupMutation } from '../../../data/auth/signup-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Input } from '../../ui/Input'
import { Logo } from '../AppShell/Logo'
import {
  AFTER_AUTH_PATH,
  EMAIL_LABEL,
  PASSWORD_LABEL,
  SIGN_IN_FAILED_TITLE,
  SIGN_IN_LABEL,
  SIGN_IN_TITLE,
  SIGN_UP_FAILED_TITLE,
  SIGN_UP_LABEL,
  SIGN_UP_PASSWORD_DESCRIPTION,
  SIGN_UP_TITLE,
  TO_SIGN_IN_LINK,
  TO_SIGN_IN_PROMPT,
  TO_SIGN_UP_LINK,
  TO_SIGN_UP_PROMPT,
} from './auth.constants'
import { type AuthFieldErrors, type AuthMode, validateCredentials } from './auth.utils'

export function AuthForm({ mode }: { mode: AuthMode }) {
  const navigate = useNavigate()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [fieldErrors, setFieldErrors] = useState<AuthFieldErrors>({})
  const onSuccess = () => navigate(AFTER_AUTH_PATH, { replace: true })
  const login = useLoginMutation({ onSuccess })
  const signup = useSignupMutation({ onSuccess })
  const mutation = mode === 'sign-up' ? signup : login
  const signingUp = mode === 'sign-up'

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const result = validateCredentials(mode, { email, password })
    if (result.errors) {
      setFieldErrors(result.errors)
      return
    }
    setFieldErrors({})
    mutation.mutate(result.data)
  }

  return (
    <div className="flex min-h-dvh items-center justify-center bg-neutral-50 px-4 py-12">
      <div className="w-full max-w-sm space-y-6">
        <div className="flex justify-center">
          <Logo />
        </div>
        <form
          onSubmit={handleSubmit}
          noValidate
          aria-labelledby="auth-title"
          className="space-y-4 rounded-lg border border-neutral-200 bg-white p-6 shadow-xs"
          data-testid={signingUp ? 'sign-up-form' : 'sign-in-form'}
        >
          <h1 id="auth-title" className="text-lg font-semibold text-neutral-900">
            {signingUp ? SIGN_UP_TITLE : SIGN_IN_TITLE}
          </h1>
          <Input
            label={EMAIL_LABEL}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value)
              setFieldErrors(({ email: _email, ...rest }) => rest)
            }}
            required
            error={fieldErrors.email}
          />
          <Input
            label={PASSWORD_LABEL}
            type="password"
            autoComplete={signingUp ? 'new-password' : 'current-password'}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value)
              setFieldErrors(({ password: _password, ...rest }) => rest)
            }}
            required
            description={signingUp ? SIGN_UP_PASSWORD_DESCRIPTION(PASSWORD_MIN_LENGTH) : undefined}
            error={fieldErrors.password}
          />
          {mutation.error && (
            <Alert
              tone="error"
              title={signingUp ? SIGN_UP_FAILED_TITLE : SIGN_IN_FAILED_TITLE}
              data-testid="auth-error"
            >
              {getErrorMessage(mutation.error)}
            </Alert>
          )}
          <Button type="submit" variant="primary" className="w-full" loading={mutation.isPending}>
            {signingUp ? SIGN_UP_LABEL : SIGN_IN_LABEL}
          </Button>
        </form>
        <p className="text-center text-sm text-neutral-600">
          {signingUp ? TO_SIGN_IN_PROMPT : TO_SIGN_UP_PROMPT}{' '}
          <Link to={signingUp ? '/sign-in' : '/sign-up'} className="font-medium text-emerald-700 hover:underline">
            {signingUp ? TO_SIGN_IN_LINK : TO_SIGN_UP_LINK}
          </Link>
        </p>
      </div>
    </div>
  )
}
