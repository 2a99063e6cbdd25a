/// <reference lib="webworker" />
/**
 * Worker entry of the capture import: reads a capture file and analyses it off the main
 * thread. Only capture/bridge.ts talks to it; Cancel terminates it.
 */
import { exposeLater } from './exposeLater';

exposeLater(() => import('./captureApi').then((m) => m.captureApi));
