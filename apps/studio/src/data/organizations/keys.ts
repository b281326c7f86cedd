export const organizationKeys = {
  all: ['organizations'] as const,
  list: () => [...organizationKeys.all, 'list'] as const,
  members: (slug: string | undefined) => [...organizationKeys.all, slug, 'members'] as const,
  invitations: (slug: string | undefined) => [...organizationKeys.all, slug, 'invitations'] as const,
  freeLimitMembers: (slug: string | undefined) => [...organizationKeys.all, slug, 'free-limit-members'] as const,
  subscription: (slug: string | undefined) => [...organizationKeys.all, slug, 'subscription'] as const,
  aiSettings: (slug: string | undefined) => [...organizationKeys.all, slug, 'ai-settings'] as const,
}
