import type { IdentityRow, UserRow } from './users-store'

/** A user as GoTrue answers it (what auth-js's `User` type describes). */

const iso = (value: Date | null) => (value ? value.toISOString() : undefined)

export function identityJson(identity: IdentityRow) {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  }
}

export function userJson(user: UserRow, identities: IdentityRow[]) {
  return {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    email_change_sent_at: iso(user.email_change_sent_at),
    new_email: user.email_change ? user.email_change : undefined,
    new_phone: user.phone_change ? user.phone_change : undefined,
    invited_at: iso(user.invited_at),
    reauthentication_sent_at: iso(user.reauthentication_sent_at),
    confirmed_at: iso(user.confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    banned_until: iso(user.banned_until),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  }
}
