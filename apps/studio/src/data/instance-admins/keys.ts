export const instanceAdminKeys = {
  all: ['instance-admins'] as const,
  list: () => [...instanceAdminKeys.all, 'list'] as const,
}
