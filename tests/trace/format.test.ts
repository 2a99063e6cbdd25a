import { describe, expect, it } from 'vitest';
import { fmtBytes, fmtNum, fmtPackets, joinAnd, ordinal } from '../../src/trace/format';

describe('fmtNum', () => {
  it('keeps up to 3 decimals and trims trailing zeros', () => {
    expect(fmtNum(7.142857142857143)).toBe('7.143');
    expect(fmtNum(7)).toBe('7');
    expect(fmtNum(7.5)).toBe('7.5');
    expect(fmtNum(7.0004)).toBe('7');
    expect(fmtNum(-0.0001)).toBe('0');
    expect(fmtNum(-1)).toBe('-1');
    expect(fmtNum(2.9999)).toBe('3');
  });
});

describe('ordinal', () => {
  it('handles the teens and the rest', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
    ]);
  });
});

describe('fmtPackets', () => {
  it('lists packets for people', () => {
    expect(fmtPackets([])).toBe('nothing');
    expect(fmtPackets([15])).toBe('15');
    expect(fmtPackets([30, 31])).toBe('30 and 31');
    expect(fmtPackets([30, 31, 32])).toBe('30–32');
    expect(fmtPackets([30, 31, 33])).toBe('30, 31 and 33');
    expect(fmtPackets([15, 30, 31, 32, 40])).toBe('15, 30–32 and 40');
    expect(fmtPackets([29, 28, 27])).toBe('29, 28 and 27');
  });
  it('joins with "and"', () => {
    expect(joinAnd(['a', 'b', 'c'])).toBe('a, b and c');
    expect(joinAnd([], 'none')).toBe('none');
  });
});

describe('fmtBytes', () => {
  it('rounds to a whole byte and groups thousands with a narrow no-break space', () => {
    expect(fmtBytes(65536)).toBe('65\u202f536');
    expect(fmtBytes(7499.9999)).toBe('7\u202f500');
    expect(fmtBytes(999)).toBe('999');
    expect(fmtBytes(1234567)).toBe('1\u202f234\u202f567');
  });
});
