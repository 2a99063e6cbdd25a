/**
 * useSize (src/ui/panels/useSize.ts): the size state follows the element, and `sync` tells a plot
 * about to draw whether that state is still the element's size — setting the new one when it is
 * not — so a plot does not draw at a size its layout has already left.
 */
import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useSize, type Size } from '../../../src/ui/panels/useSize';

/** A box whose layout size the test sets (a test DOM has no layout), and how often it was measured. */
function box(width: number, height: number) {
  const b = { width, height, measured: 0 };
  const rect = () => {
    b.measured++;
    return DOMRect.fromRect({ width: b.width, height: b.height });
  };
  return { b, rect };
}

function Probe(props: { rect: () => DOMRect; width?: number; height?: number; seen: Size[] }) {
  const ref = useRef<HTMLDivElement | null>(null);
  const size = useSize(ref, props.width, props.height);
  props.seen.push(size);
  return (
    <div
      ref={(el) => {
        ref.current = el;
        if (el) el.getBoundingClientRect = props.rect;
      }}
    />
  );
}

describe('useSize', () => {
  it('measures on mount; sync is true while the size holds, and false (with the new size set) once it changed', () => {
    const { b, rect } = box(400, 200);
    const seen: Size[] = [];
    render(<Probe rect={rect} seen={seen} />);
    const last = () => seen[seen.length - 1]!;
    expect([last().w, last().h]).toEqual([400, 200]);
    let same: boolean | undefined;
    const before = seen.length;
    act(() => void (same = last().sync()));
    expect(same).toBe(true);
    expect(seen.length, 'no re-render for an unchanged size').toBe(before);
    const renders = seen.length;
    // The layout moves under the plot (a line above it re-wraps): the next draw would be stale.
    b.height = 184;
    act(() => void (same = last().sync()));
    expect(same).toBe(false);
    expect([last().w, last().h], 'the new size, re-rendered').toEqual([400, 184]);
    expect(seen.length).toBeGreaterThan(renders);
    act(() => void (same = last().sync()));
    expect(same).toBe(true);
  });

  it('a fixed width and height win and need no layout', () => {
    const { b, rect } = box(400, 200);
    const seen: Size[] = [];
    render(<Probe rect={rect} width={320} height={90} seen={seen} />);
    const last = seen[seen.length - 1]!;
    expect([last.w, last.h]).toEqual([320, 90]);
    let same: boolean | undefined;
    act(() => void (same = last.sync()));
    expect(same).toBe(true);
    expect(b.measured).toBe(0);
  });

  it('a hidden element (0 × 0 in a browser) measures 0 × 0 only outside a test DOM: here the default 720 × 300', () => {
    const { rect } = box(0, 0);
    const seen: Size[] = [];
    render(<Probe rect={rect} seen={seen} />);
    const last = seen[seen.length - 1]!;
    expect([last.w, last.h]).toEqual([720, 300]);
  });
});
