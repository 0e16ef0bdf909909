import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { START_PAGES_MAX, pagesUpTo, usePages, type Paged } from '../../../src/hooks/usePages';

const SIZE = 3;

/** A journal, newest first, served a page at a time as the server does: by offset. */
const journal = (ids: number[]) => {
  const feed = { ids };
  const load = vi.fn(async (page: number, size: number): Promise<Paged<{ id: number }>> => ({
    list: feed.ids.slice((page - 1) * size, page * size).map((id) => ({ id })),
    total: feed.ids.length,
  }));
  return { feed, load };
};

const ids = (list: { id: number }[] | undefined) => list?.map((x) => x.id);

describe('usePages', () => {
  it('lists an item pushed onto the next page once, and a refresh of the pages shown shows the new one', async () => {
    const { feed, load } = journal([7, 6, 5, 4, 3, 2, 1]);
    const { result, rerender } = renderHook(({ version }) => usePages(load, SIZE, 'USDT', version), {
      initialProps: { version: 0 },
    });
    await waitFor(() => expect(ids(result.current.list)).toEqual([7, 6, 5]));

    // A new entry arrives: by offset, page 2 now starts with what page 1 ended with.
    feed.ids = [8, ...feed.ids];
    act(() => result.current.more());
    await waitFor(() => expect(ids(result.current.list)).toEqual([7, 6, 5, 4, 3]));
    expect(result.current.hasMore).toBe(true);

    // Something says the journal moved: every page shown is fetched again.
    load.mockClear();
    rerender({ version: 1 });
    await waitFor(() => expect(ids(result.current.list)).toEqual([8, 7, 6, 5, 4, 3]));
    expect(load.mock.calls).toEqual([
      [1, SIZE],
      [2, SIZE],
    ]);
    act(() => result.current.more());
    await waitFor(() => expect(ids(result.current.list)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]));
    expect(result.current.hasMore).toBe(false);
  });

  it('brings back the pages a reader had shown, but never more at once than a screenful of them', async () => {
    const { load } = journal(Array.from({ length: 200 }, (_, i) => 200 - i));
    const { result } = renderHook(() => usePages(load, SIZE, 'k', 0, 4));
    await waitFor(() => expect(result.current.shown).toBe(4));
    expect(ids(result.current.list)).toHaveLength(4 * SIZE);
    // An address asking for a hundred thousand (a crafted link) is held to the cap.
    load.mockClear();
    const crafted = renderHook(() => usePages(load, SIZE, 'j', 0, 100_000));
    await waitFor(() => expect(crafted.result.current.shown).toBe(START_PAGES_MAX));
    expect(load).toHaveBeenCalledTimes(START_PAGES_MAX);
  });

  it('starts afresh from the first page alone on another key', async () => {
    const { load } = journal([9, 8, 7, 6, 5, 4]);
    const { result, rerender } = renderHook(({ type }) => usePages(load, SIZE, type), {
      initialProps: { type: 'all' },
    });
    await waitFor(() => expect(result.current.list).toBeDefined());
    act(() => result.current.more());
    await waitFor(() => expect(ids(result.current.list)).toHaveLength(6));

    load.mockClear();
    rerender({ type: 'deposit' });
    // What the last filter listed is not shown under the new one.
    expect(result.current.list).toBeUndefined();
    await waitFor(() => expect(ids(result.current.list)).toEqual([9, 8, 7]));
    expect(load.mock.calls).toEqual([[1, SIZE]]);
  });

  it('keeps the newer answer when an older request for the same page lands after it', async () => {
    const answers: ((p: Paged<{ id: number }>) => void)[] = [];
    const load = vi.fn(() => new Promise<Paged<{ id: number }>>((resolve) => answers.push(resolve)));
    const { result, rerender } = renderHook(({ version }) => usePages(load, SIZE, 'k', version), {
      initialProps: { version: 0 },
    });
    rerender({ version: 1 });
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers[1]!({ list: [{ id: 2 }, { id: 1 }], total: 2 }));
    await act(async () => answers[0]!({ list: [{ id: 1 }], total: 1 }));
    expect(ids(result.current.list)).toEqual([2, 1]);
  });

  it('says why a fetch failed and tries again on refresh', async () => {
    const { load } = journal([2, 1]);
    load.mockRejectedValueOnce({ code: 0, msg: 'app.msg.network_error', data: null });
    const { result } = renderHook(() => usePages(load, SIZE, 'k'));
    await waitFor(() => expect(result.current.failure).toBe('app.msg.network_error'));
    expect(result.current.list).toBeUndefined();
    act(() => result.current.refresh());
    expect(result.current.failure).toBeUndefined();
    await waitFor(() => expect(ids(result.current.list)).toEqual([2, 1]));
  });

  it('asks again for the next page after a failed Load more, not for the pages shown', async () => {
    const { load } = journal([6, 5, 4, 3, 2, 1]);
    const { result } = renderHook(() => usePages(load, SIZE, 'k'));
    await waitFor(() => expect(ids(result.current.list)).toEqual([6, 5, 4]));
    load.mockRejectedValueOnce({ code: 0, msg: 'app.msg.network_error', data: null });
    act(() => result.current.more());
    await waitFor(() => expect(result.current.failure).toBe('app.msg.network_error'));
    expect(ids(result.current.list)).toEqual([6, 5, 4]);
    load.mockClear();
    act(() => result.current.refresh());
    await waitFor(() => expect(ids(result.current.list)).toEqual([6, 5, 4, 3, 2, 1]));
    expect(load.mock.calls).toEqual([[2, SIZE]]);
    expect(result.current.failure).toBeUndefined();
  });

  it('with an item to seek, brings the pages down to it on the first fetch for a key alone', async () => {
    const { load } = journal([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    const { result, rerender } = renderHook(
      ({ key, version }) => usePages(load, SIZE, key, version, 1, { id: 4, pages: START_PAGES_MAX }),
      { initialProps: { key: 'k', version: 0 } },
    );
    await waitFor(() => expect(ids(result.current.list)).toEqual([9, 8, 7, 6, 5, 4]));
    expect(load.mock.calls).toEqual([
      [1, SIZE],
      [2, SIZE],
    ]);
    // A push fetches the pages shown, no further.
    load.mockClear();
    rerender({ key: 'k', version: 1 });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(result.current.shown).toBe(2);
  });
});

describe('pagesUpTo', () => {
  const pages = (ids: number[], size = SIZE) => {
    const load = vi.fn(async (page: number) =>
      ids.slice((page - 1) * size, page * size).map((id) => ({ id })),
    );
    return { load, upTo: (id: number, max?: number) => pagesUpTo(load, (p) => p, size, id, max) };
  };

  it('fetches one page after another until one holds the item', async () => {
    const { load, upTo } = pages([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(await upTo(5)).toEqual([
      [{ id: 9 }, { id: 8 }, { id: 7 }],
      [{ id: 6 }, { id: 5 }, { id: 4 }],
    ]);
    expect(load.mock.calls.map(([page]) => page)).toEqual([1, 2]);
  });

  it('stops at the page reaching below an item the list does not hold, or at its end', async () => {
    const gap = pages([9, 8, 6, 5, 3, 2]);
    expect(await gap.upTo(7)).toHaveLength(1);
    const end = pages([9, 8, 7, 6]);
    expect(await end.upTo(100)).toHaveLength(1);
    expect(await end.upTo(1)).toHaveLength(2);
    // A last page just full: the empty one after it ends the list.
    expect(await pages([9, 8, 7]).upTo(1)).toHaveLength(2);
  });

  it(`asks for ${START_PAGES_MAX} pages at most unless told fewer`, async () => {
    const far = pages(Array.from({ length: 300 }, (_, i) => 1000 - i));
    expect(await far.upTo(1)).toHaveLength(START_PAGES_MAX);
    expect(far.load).toHaveBeenCalledTimes(START_PAGES_MAX);
    expect(await far.upTo(1, 3)).toHaveLength(3);
  });
});
