import { describe, expect, it } from 'vitest';
import { isViewKey, parseScenarioQuery, readScenarioQuery } from '../../src/scenarios';
import { readFlowList, VIEW_KEYS, writeFlowList } from '../../src/scenarios/view-keys';

describe('hide: the flows hidden in the panels, as 1-based numbers and ranges', () => {
  it('is a view key the scenario parser accepts once and leaves to the app', () => {
    expect(isViewKey('hide')).toBe(true);
    expect(VIEW_KEYS).toContain('hide');
    const r = readScenarioQuery('preset=ff-1-drops&hide=1,2');
    expect(r.errors).toEqual([]);
    expect(r.view).toEqual({ hide: '1,2' });
    const twice = parseScenarioQuery('preset=ff-1-drops&hide=1&hide=2');
    expect(twice.ok === false && twice.errors).toEqual([
      { key: 'hide', message: 'hide: given more than once; give each key once' },
    ]);
  });

  it('reads numbers and ranges into 0-based ids, ascending, each once', () => {
    expect(readFlowList('4,8,10-20', 40)).toEqual({
      flows: [3, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
      problems: [],
    });
    expect(readFlowList(' 3 , 1-2,2 ', 3)).toEqual({ flows: [0, 1, 2], problems: [] });
    expect(readFlowList('128', 128)).toEqual({ flows: [127], problems: [] });
  });

  it('names each bad entry and why', () => {
    expect(readFlowList('0,x,20-10,5-,2', 40).problems).toEqual([
      { entry: '0', why: 'flows are numbered from 1' },
      { entry: 'x', why: 'is not a flow number or range (e.g. 4,8,10-20)' },
      { entry: '20-10', why: 'is not a range from low to high (e.g. 10-20)' },
      { entry: '5-', why: 'is not a flow number or range (e.g. 4,8,10-20)' },
    ]);
    expect(readFlowList('3,9-12', 10).problems).toEqual([
      { entry: '9-12', why: 'names no flow of this scenario (it has 10 flows)' },
    ]);
    expect(readFlowList('2', 1).problems).toEqual([
      { entry: '2', why: 'names no flow of this scenario (it has 1 flow)' },
    ]);
    expect(readFlowList('', 4)).toEqual({
      flows: [],
      problems: [{ entry: '', why: 'lists no flows' }],
    });
    expect(readFlowList('1-99999', 128).problems).toEqual([
      { entry: '1-99999', why: 'is not a flow number or range (e.g. 4,8,10-20)' },
    ]);
    expect(readFlowList(Array(129).fill('1').join(','), 128).problems[0]?.why).toBe(
      'lists more than 128 entries',
    );
  });

  it('writes runs of three or more as a range, and reads back to the same ids', () => {
    expect(writeFlowList([3, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19])).toBe('4,8,10-20');
    expect(writeFlowList([11, 0, 1, 5, 6, 7, 1])).toBe('1,2,6-8,12');
    expect(writeFlowList([])).toBe('');
    const cases: number[][] = [
      [0],
      [0, 1],
      [0, 1, 2],
      [2, 4, 6, 7, 8, 9, 50],
      [...Array(128).keys()],
    ];
    for (const ids of cases) {
      const text = writeFlowList(ids);
      expect(readFlowList(text, 128), text).toEqual({ flows: ids, problems: [] });
    }
    expect(writeFlowList([...Array(128).keys()])).toBe('1-128');
  });
});
