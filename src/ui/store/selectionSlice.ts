import type { SelectionSlice, Slice } from './types';

export const createSelectionSlice: Slice<SelectionSlice> = (set) => ({
  hovered: null,
  selectedDecision: null,
  setHovered: (hovered) => set({ hovered }),
  selectDecision: (selectedDecision) => set({ selectedDecision }),
});
