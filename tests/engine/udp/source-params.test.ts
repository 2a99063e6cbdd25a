/**
 * A source refuses parameters it cannot pace packets with: each must be a finite number > 0
 * and the flow's packet size positive; the error names the flow (1-based), the application and
 * the parameter (the scenario layer validates first; this guards direct engine use).
 */
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../src/engine';
import { makeSource } from '../../../src/engine/app';
import { Scheduler } from '../../../src/engine/core/scheduler';
import { flowOf } from './config';

const ONOFF: AppConfig = { kind: 'onoff', onS: 0.1, offS: 0.1, rateBps: 40_000 };
const VOIP: AppConfig = {
  kind: 'voip',
  holdS: 30,
  gapS: 60,
  talkS: 1,
  silenceS: 1.5,
  frameS: 0.02,
};

const make =
  (app: AppConfig, mss = 100, id = 2) =>
  () =>
    makeSource(flowOf(id, app, mss), new Scheduler(), 1);

describe('source parameters', () => {
  it('valid onoff and voip sources build', () => {
    expect(make(ONOFF)).not.toThrow();
    expect(make(VOIP)).not.toThrow();
  });

  it.each([
    [{ ...ONOFF, onS: 0 }, 'flow 3: onoff onS must be a number > 0, got 0'],
    [{ ...ONOFF, rateBps: Number.NaN }, 'flow 3: onoff rateBps must be a number > 0, got NaN'],
    [{ ...VOIP, frameS: -0.02 }, 'flow 3: voip frameS must be a number > 0, got -0.02'],
    [{ ...VOIP, gapS: Infinity }, 'flow 3: voip gapS must be a number > 0, got Infinity'],
  ] as [AppConfig, string][])('%o is refused: %s', (app, message) => {
    expect(make(app)).toThrow(message);
  });

  it('a flow without a packet size is refused', () => {
    expect(make(VOIP, 0)).toThrow('flow 3: mssBytes must be positive');
  });
});
