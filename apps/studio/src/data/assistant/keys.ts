export const assistantKeys = {
  all: ['assistant'] as const,
  apiKey: (ref: string | undefined) => [...assistantKeys.all, ref, 'check-api-key'] as const,
  conversations: (ref: string | undefined) => [...assistantKeys.all, ref, 'conversations'] as const,
  conversation: (ref: string | undefined, id: string | undefined) =>
    [...assistantKeys.all, ref, 'conversations', id] as const,
  settings: (ref: string | undefined) => [...assistantKeys.all, ref, 'settings'] as const,
}
