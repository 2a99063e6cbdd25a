/**
 * The sender registry (src/engine/sender-ids.ts, senders.ts and the three variant registries):
 * every id has one descriptor of its protocol, the traits say what the variants do, nothing
 * outside the registries matches sender id strings, and no import circle in src/ is larger
 * than a pair.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SENDER_IDS,
  SENDERS,
  SCTP_SENDERS,
  TCP_SENDERS,
  UDP_SENDERS,
  findSender,
  senderProtocol,
  senderTraits,
} from '../../src/engine';
import { SCTP_VARIANTS } from '../../src/engine/sctp/variants';
import { TCP_VARIANTS } from '../../src/engine/tcp/variants';
import { UDP_VARIANTS } from '../../src/engine/udp/variant';
import { importCycles, importGraph } from '../../scripts/import-cycles.mjs';

const ROOT = join(import.meta.dirname, '../..');

describe('sender registry', () => {
  it('has one descriptor per id, in picker order, under its own id and protocol', () => {
    expect(SENDERS.map((d) => d.id)).toEqual(SENDER_IDS);
    expect(Object.keys(TCP_VARIANTS)).toEqual(TCP_SENDERS);
    expect(Object.keys(SCTP_VARIANTS)).toEqual(SCTP_SENDERS);
    expect(Object.keys(UDP_VARIANTS)).toEqual(UDP_SENDERS);
    for (const [id, v] of [
      ...Object.entries(TCP_VARIANTS),
      ...Object.entries(SCTP_VARIANTS),
      ...Object.entries(UDP_VARIANTS),
    ])
      expect(v.id).toBe(id);
    for (const d of SENDERS) expect(d.traits.protocol).toBe(senderProtocol(d.id));
    expect(findSender('vegas2')).toBeUndefined();
  });

  it('gives each sender the traits its variant has', () => {
    const t = (id: string) => {
      const x = senderTraits(id)!;
      return [x.sackReceiver, x.recovery, x.cwndUnit, x.windowInflation, x.frtx];
    };
    expect(t('tahoe')).toEqual([false, 'go-back-n', 'packets', false, 3]);
    expect(t('reno')).toEqual([false, 'reno', 'packets', true, 3]);
    expect(t('newreno')).toEqual([false, 'newreno', 'packets', true, 3]);
    expect(t('sack')).toEqual([true, 'sack', 'packets', false, 3]);
    expect(t('fack')).toEqual([true, 'fack', 'packets', false, 3]);
    expect(t('cubic')).toEqual([true, 'sack', 'packets', false, 3]);
    expect(t('sctp-2960')).toEqual([true, 'sctp-2960', 'bytes', false, 4]);
    expect(t('sctp-newreno')).toEqual([true, 'sctp-newreno', 'bytes', false, 4]);
    expect(t('sctp-newreno-ca')).toEqual([true, 'sctp-newreno', 'bytes', false, 4]);
    expect(t('sctp-4960')).toEqual([true, 'sctp-newreno', 'bytes', false, 3]);
    expect(t('udp')).toEqual([false, 'none', 'none', false, 0]);
  });
});

/** Every .ts/.tsx file under src/ (paths relative to the repository). */
function sources(dir = join(ROOT, 'src')): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(n) ? [relative(ROOT, p)] : [];
  });
}

describe('nothing matches sender id strings', () => {
  const ids = SENDER_IDS.filter((id) => id !== 'udp').join('|');
  const patterns = [
    // A comparison with a sender id (a recovery family of the same name is a trait: allowed).
    new RegExp(`(?<!recovery\\s*)(===|!==)\\s*'(${ids})'`),
    new RegExp(`'(${ids})'\\s*(===|!==)`),
    /sender\w*\s*(===|!==)\s*'udp'/,
    /startsWith\('(sctp|tcp)-?'\)/,
    new RegExp(`new Set\\(\\[[^\\]]*'(${ids})'`),
  ];
  // Sender ids as data: the id list itself, and presets that reproduce a paper's fixed senders.
  const allowed = (f: string) =>
    f === 'src/engine/sender-ids.ts' || f.startsWith('src/scenarios/presets/');

  it('outside the id list and the presets, code reads descriptors, not ids', () => {
    const hits: string[] = [];
    for (const f of sources()) {
      if (allowed(f)) continue;
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (patterns.some((p) => p.test(line))) hits.push(`${f}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(hits).toEqual([]);
  });

  it('the patterns catch what they are for', () => {
    const caught = (line: string) => patterns.some((p) => p.test(line));
    expect(caught("if (sender === 'cubic') return;")).toBe(true);
    expect(caught("const SACK = new Set(['sack', 'fack', 'cubic']);")).toBe(true);
    expect(caught("info.sender !== 'sctp-4960' ? 4 : 3")).toBe(true);
    expect(caught("if (id.startsWith('sctp')) x();")).toBe(true);
    expect(caught("if (f.protocol === 'udp') continue;")).toBe(false);
    expect(caught("senderTraits(id)?.recovery === 'sack'")).toBe(false);
    expect(caught("code === 'sack.partial-ack'")).toBe(false);
  });
});

describe('import circles in src/', () => {
  it('none is larger than a pair (a sender ↔ its helper)', () => {
    const big = importCycles(importGraph(ROOT))
      .filter((c) => c.length > 2)
      .map((c) => c.join(' '));
    expect(big).toEqual([]);
  });
});
