/**
 * Capture import (issue 27): pcap/pcapng → TCP connections → the analysis in the project's
 * vocabulary. Pure TypeScript, no DOM and no Node APIs (the worker, the UI and the CLI share it).
 */
export * from './types';
export { createCaptureReader, readCapture } from './reader';
export { replayScenario, ackClockRate, type Replay, type ReplayOptions } from './replay';
export { KIND_NAMES, kindNames } from './kinds';
