import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

/** The right-hand panel holds one of these at a time, never both. */
export type RightPanel = 'assistant' | 'sql-editor'

type AppPanelsState = {
  rightPanel: RightPanel | null
  /** user-chosen widths in px; clamped to the allowed range when rendered */
  productMenuWidthPx: number | null
  rightPanelWidthPx: Record<RightPanel, number | null>
  mobileMenuOpen: boolean
  openRightPanel: (panel: RightPanel) => void
  toggleRightPanel: (panel: RightPanel) => void
  closeRightPanel: () => void
  setProductMenuWidthPx: (width: number) => void
  setRightPanelWidthPx: (panel: RightPanel, width: number) => void
  setMobileMenuOpen: (open: boolean) => void
}

export const useAppPanelsStore = create<AppPanelsState>()(
  persist(
    (set) => ({
      rightPanel: null,
      productMenuWidthPx: null,
      rightPanelWidthPx: { assistant: null, 'sql-editor': null },
      mobileMenuOpen: false,
      openRightPanel: (panel) => set({ rightPanel: panel }),
      toggleRightPanel: (panel) => set((state) => ({ rightPanel: state.rightPanel === panel ? null : panel })),
      closeRightPanel: () => set({ rightPanel: null }),
      setProductMenuWidthPx: (width) => set({ productMenuWidthPx: width }),
      setRightPanelWidthPx: (panel, width) =>
        set((state) => ({ rightPanelWidthPx: { ...state.rightPanelWidthPx, [panel]: width } })),
      setMobileMenuOpen: (open) => set({ mobileMenuOpen: open }),
    }),
    {
      name: 'pgfleet.app-panels',
      storage: createJSONStorage(() => localStorage),
      // Only the sizes survive a reload; an open panel or menu does not.
      partialize: (state) => ({
        productMenuWidthPx: state.productMenuWidthPx,
        rightPanelWidthPx: state.rightPanelWidthPx,
      }),
    },
  ),
)
