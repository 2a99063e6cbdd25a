import { mainTrace } from './cursorSlice';
import { ALL_PANELS, DEFAULT_PANELS, type Slice, type ViewSlice } from './types';

export const createViewSlice: Slice<ViewSlice> = (set, get) => ({
  theme: 'light',
  presentation: false,
  modulus: 50,
  cwndUnits: 'packets',
  xDomain: null,
  panels: [...DEFAULT_PANELS],
  compare: [],
  helpOpen: false,
  autoRun: true,
  logRun: 0,
  flowFilter: null,
  hiddenFlows: [],
  hiddenFor: '',
  routerNode: null,
  embed: false,
  // The projector theme starts in presentation mode (secondary controls hidden).
  setTheme: (theme) => set((s) => ({ theme, presentation: theme === 'projector' ? true : s.theme === 'projector' ? false : s.presentation })),
  setPresentation: (presentation) => set({ presentation }),
  setModulus: (modulus) => set({ modulus: Math.max(2, Math.min(1000, Math.round(modulus))) }),
  setCwndUnits: (cwndUnits) => set({ cwndUnits }),
  setXDomain: (xDomain) => set({ xDomain }),
  /** x-only zoom around the cursor; factor < 1 zooms in. */
  zoom: (factor) => {
    const s = get();
    const trace = mainTrace(s);
    if (!trace || trace.packets.length === 0) return;
    const t0 = trace.packets.time[0] as number;
    const full: [number, number] = [t0, trace.stopS];
    const [a, b] = s.xDomain ?? full;
    const width = Math.min(full[1] - full[0], Math.max(0.005, (b - a) * factor));
    if (width >= full[1] - full[0] - 1e-9) {
      set({ xDomain: null });
      return;
    }
    const c = (trace.packets.time[s.cursor] as number | undefined) ?? (a + b) / 2;
    let lo = c - width / 2;
    lo = Math.max(full[0], Math.min(full[1] - width, lo));
    set({ xDomain: [lo, lo + width] });
  },
  togglePanel: (p) =>
    set((s) => ({ panels: s.panels.includes(p) ? s.panels.filter((x) => x !== p) : ALL_PANELS.filter((x) => x === p || s.panels.includes(x)) })),
  setPanels: (panels) => set({ panels }),
  setCompare: (compare) => set({ compare: compare.slice(0, 4), logRun: 0 }),
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  setAutoRun: (autoRun) => set({ autoRun }),
  setLogRun: (logRun) => set({ logRun }),
  setFlowFilter: (flow) =>
    set({ flowFilter: flow === null ? null : Math.max(0, Math.floor(flow)) }),
  setHiddenFlows: (flows, signature) =>
    set({
      hiddenFlows: [...new Set(flows.filter((f) => f >= 0).map(Math.floor))].sort((a, b) => a - b),
      hiddenFor: signature,
    }),
  setRouterNode: (routerNode) => set({ routerNode }),
});
