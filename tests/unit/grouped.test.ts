import { describe, expect, it } from 'vitest';
import { grouped } from '../../functions/ports/grouped';

/** A write that records each group it was given and doubles its items; `bad` items fail their group. */
function recordingWrite(bad = new Set<number>()) {
  const groups: number[][] = [];
  const write = async (items: number[]) => {
    groups.push(items);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (items.some((item) => bad.has(item))) throw new Error(`bad item in ${items.join(',')}`);
    return items.map((item) => item * 2);
  };
  return { groups, write };
}

describe('grouped writes (group commit)', () => {
  it('sends calls made at the same time as one group, answering each with its own result', async () => {
    const { groups, write } = recordingWrite();
    const call = grouped(write);
    const results = await Promise.all([1, 2, 3, 4, 5].map((item) => call(item)));
    expect(results).toEqual([2, 4, 6, 8, 10]);
    expect(groups).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('gathers the calls made while a group is in flight into the next group', async () => {
    const { groups, write } = recordingWrite();
    const call = grouped(write);
    const first = call(1);
    await new Promise((resolve) => setTimeout(resolve, 1));
    const later = [2, 3, 4].map((item) => call(item));
    expect(await Promise.all([first, ...later])).toEqual([2, 4, 6, 8]);
    expect(groups).toEqual([[1], [2, 3, 4]]);
  });

  it('fails only the caller of a bad item: the rest of its group goes again one by one', async () => {
    const { groups, write } = recordingWrite(new Set([3]));
    const call = grouped(write);
    const settled = await Promise.allSettled([1, 2, 3, 4].map((item) => call(item)));
    expect(settled.map((one) => one.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(settled[1]).toEqual({ status: 'fulfilled', value: 4 });
    expect(groups).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
  });

  it('splits a burst larger than the largest group', async () => {
    const { groups, write } = recordingWrite();
    const call = grouped(write, 3);
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map((item) => call(item)));
    expect(groups).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });
});
