import { create } from 'zustand'

/** The conversation open in the panel, per project, for this page's life; a reload opens the newest. */
export const useAssistantStore = create<{
  conversationIds: Record<string, string | undefined>
  setConversation: (projectRef: string, id: string | undefined) => void
}>()((set) => ({
  conversationIds: {},
  setConversation: (projectRef, id) =>
    set((state) => ({ conversationIds: { ...state.conversationIds, [projectRef]: id } })),
}))
