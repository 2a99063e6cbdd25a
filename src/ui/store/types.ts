import type { StateCreator } from 'zustand';
import type { Scenario } from '../deps/scenarios';
import type { RunResult } from '../worker/protocol';
import type { SweepEvent, SweepState } from '../sweep/state';
import type { PanelId } from '../deps/panels';
import type { CaptureFile } from '../capture/types';
import type { ConnectionAnalysis } from '../deps/capture';

export type ThemeName = 'light' | 'dark' | 'projector';
/** cwnd panel units: packets, or bytes (SCTP counts cwnd in bytes; TCP = packets · MSS). */
export type CwndUnitsName = 'packets' | 'bytes';
/**
 * Every panel, in the order of the `panels` URL key and the sidebar's list, and those shown when
 * the address names none: derived from the panel registry (panels/registry.ts).
 */
export { PANEL_IDS as ALL_PANELS, DEFAULT_PANELS } from '../deps/panels';
export type { PanelId } from '../deps/panels';
export type PlaybackMode = 'time' | 'event';
export type PredictKind = 'fast-retransmit' | 'rto' | 'partial-ack';
export interface ErrorItem {
  key: string;
  message: string;
}

export interface ScenarioSlice {
  scenario: Scenario;
  /** Messages about the address the page was opened with (shown as a banner). */
  urlErrors: ErrorItem[];
  urlWarnings: string[];
  /**
   * Problems of the address the page was opened with, by key, shown beside that key's control
   * (with the text the address gave, `raw`) until the control is edited.
   */
  fieldProblems: Record<string, FieldProblem>;
  /** The address bar holds the link as typed (it had problems), not the app's own address. */
  urlPinned: boolean;
  /** Bumped on every scenario change the user makes (drives pushState). */
  scenarioRev: number;
  setScenario: (s: Scenario) => void;
  setUrlProblems: (errors: ErrorItem[], warnings: string[]) => void;
  setFieldProblems: (p: Record<string, FieldProblem>) => void;
  /** The user edited this key's control: its address problem is no longer shown. */
  clearFieldProblem: (key: string) => void;
}

export interface FieldProblem {
  /** The text the address gave (null when it gave none, or the key more than once). */
  raw: string | null;
  message: string;
}

export type RunStatus = 'idle' | 'running' | 'error';
export interface RunSlice {
  run: {
    status: RunStatus;
    /** 0..1 while running. */
    progress: number;
    /** True once a run has taken longer than ~100 ms (show the progress bar). */
    slow: boolean;
    /** One result per sender shown (index 0 is the main one). */
    results: RunResult[];
    /** Senders of results (same order). */
    senders: string[];
    /** Fingerprint of each result once computed (same order), else null. */
    fingerprints: (string | null)[];
    error: string | null;
    /** Wall-clock ms from request to first result, main thread view. */
    lastRunMs: number | null;
  };
  runStarted: () => void;
  runProgress: (fraction: number, slow: boolean) => void;
  runFinished: (results: RunResult[], senders: string[], ms: number) => void;
  runFingerprint: (index: number, fingerprint: string) => void;
  runFailed: (message: string) => void;
  runCancelled: () => void;
}

export interface CursorSlice {
  /** Event index into the main trace's packet events. */
  cursor: number;
  /** Move the cursor (clamped); respects predict mode when moving forward. */
  seek: (eventIndex: number, opts?: { bypassPredict?: boolean }) => void;
  step: (delta: number) => void;
  first: () => void;
  last: () => void;
  /**
   * Next (1) or previous (-1) significant step of the scenario's levels (model/stepLevels.ts):
   * `modifier` 0 the first level (PgDn), 1 the second (Shift+PgDn).
   */
  nextSignificant: (dir: 1 | -1, modifier?: 0 | 1) => void;
  seekTime: (t: number) => void;
}

export interface PlaybackSlice {
  playing: boolean;
  /** Multiplier of simulated time (0.1–10). */
  speed: number;
  mode: PlaybackMode;
  setPlaying: (p: boolean) => void;
  togglePlaying: () => void;
  setSpeed: (s: number) => void;
  setMode: (m: PlaybackMode) => void;
}

export interface SelectionSlice {
  hovered: { flow: number; packet: number } | null;
  selectedDecision: number | null;
  setHovered: (h: { flow: number; packet: number } | null) => void;
  selectDecision: (id: number | null) => void;
}

export interface ViewSlice {
  theme: ThemeName;
  presentation: boolean;
  modulus: number;
  cwndUnits: CwndUnitsName;
  xDomain: [number, number] | null;
  panels: PanelId[];
  /** Senders compared side by side (2–4), or empty. */
  compare: string[];
  helpOpen: boolean;
  autoRun: boolean;
  /** Which compared run the explanation log shows (index into run.results). */
  logRun: number;
  /**
   * The flow the explanation log shows (0-based trace flow id), or null for every flow; with
   * more than two flows it is also the flow of the time–sequence plot (flow 1 when null).
   */
  flowFilter: number | null;
  /** Flows hidden in every panel (0-based trace ids, ascending); the flow list edits it. */
  hiddenFlows: number[];
  /** flowsSignature of the run the hidden flows belong to (another run shows every flow). */
  hiddenFor: string;
  /**
   * The router the router plot and the queue view show (a node name, `A1`; view key `router`),
   * for a multi-homed run whose paths leave the sender through different first routers; null:
   * the run's own router.
   */
  routerNode: string | null;
  /**
   * The embed view (view key `embed=1`): transport bar and the chosen panels, no header or
   * sidebar, for an iframe (EmbedApp). Set from the address only.
   */
  embed: boolean;
  setTheme: (t: ThemeName) => void;
  setPresentation: (p: boolean) => void;
  setModulus: (m: number) => void;
  setCwndUnits: (u: CwndUnitsName) => void;
  setXDomain: (d: [number, number] | null) => void;
  zoom: (factor: number) => void;
  togglePanel: (p: PanelId) => void;
  setPanels: (p: PanelId[]) => void;
  setCompare: (senders: string[]) => void;
  setHelpOpen: (o: boolean) => void;
  setAutoRun: (a: boolean) => void;
  setLogRun: (i: number) => void;
  setFlowFilter: (flow: number | null) => void;
  setHiddenFlows: (flows: number[], signature: string) => void;
  setRouterNode: (node: string | null) => void;
}

export interface PredictSlice {
  predict: {
    kind: PredictKind | null;
    /** Decision ids already asked about (not asked again). */
    asked: number[];
    /** The open question, if any. */
    pending: { decisionId: number; guess: string; guessPacket: string; revealed: boolean } | null;
  };
  setPredictKind: (k: PredictKind | null) => void;
  setGuess: (g: string) => void;
  setGuessPacket: (g: string) => void;
  reveal: () => void;
  dismissPredict: () => void;
}

/** The sweep panel's form, as typed (checked when the sweep starts). */
export interface SweepForm {
  preset: string;
  key: string;
  values: string;
  seedFrom: string;
  seedTo: string;
  /** More URL keys laid on the base scenario of every run, e.g. `stop=100`. */
  extra: string;
  /** Column the plot shows. */
  plotColumn: string;
}

export interface SweepSlice {
  sweep: SweepState;
  /** null until the sweep panel first opens (it then starts from the scenario on screen). */
  sweepForm: SweepForm | null;
  sweepEvent: (e: SweepEvent) => void;
  setSweepForm: (f: Partial<SweepForm>) => void;
  initSweepForm: (f: SweepForm | null) => void;
}

/** A replay started from a connection: its scenario and what each value was estimated from. */
export interface CaptureReplayState {
  connection: number;
  scenario: Scenario;
  notes: string[];
}

export interface CaptureSlice {
  capture: {
    /** `reading`: a file is being read in the capture worker. */
    status: 'idle' | 'reading' | 'error';
    /** 0..1 of the file read. */
    progress: number;
    /** The file being read or shown. */
    fileName: string | null;
    /** Why the last import (or analysis) failed; the capture and scenario on screen are kept. */
    error: string | null;
    /** The capture read last (its connections); stays in this page only. */
    file: CaptureFile | null;
    /** Analyses received, by connection id (asked for when a connection is first shown). */
    analyses: Record<number, ConnectionAnalysis>;
    /** The capture view is shown in place of the simulator's panels. */
    open: boolean;
    /** Connections shown (ConnectionSummary.id, ascending). */
    selected: number[];
    /**
     * The capture view's cursor, seconds since the capture's first packet (each connection's
     * plots and log show it at their own packet at or before it); −1 = the end.
     */
    cursor: number;
    /** Shared zoom of the capture view's plots (capture seconds); null = the connections' span. */
    xDomain: [number, number] | null;
    /** The replay last started from a connection: its scenario (the runs on screen while it is the scenario). */
    replay: CaptureReplayState | null;
  };
  captureStarted: (fileName: string) => void;
  captureProgress: (fraction: number) => void;
  captureLoaded: (file: CaptureFile) => void;
  captureAnalysed: (id: number, analysis: ConnectionAnalysis) => void;
  captureFailed: (message: string) => void;
  captureCancelled: () => void;
  setCaptureOpen: (open: boolean) => void;
  setCaptureSelected: (ids: number[]) => void;
  setCaptureCursor: (time: number) => void;
  setCaptureXDomain: (d: [number, number] | null) => void;
  setCaptureReplay: (r: CaptureReplayState | null) => void;
  dismissCaptureError: () => void;
}

export type AppState = ScenarioSlice &
  CaptureSlice &
  RunSlice &
  CursorSlice &
  PlaybackSlice &
  SelectionSlice &
  ViewSlice &
  PredictSlice &
  SweepSlice;

export type Slice<T> = StateCreator<AppState, [], [], T>;
