/** One turn of the event loop: setImmediate in Node; a zero timer where there is none (Workers). */
const nextTurn = () =>
  new Promise<void>((resolve) =>
    typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0),
  );

/**
 * Group commit (issue #25): calls made at the same time go to the database together, so a burst of
 * N requests costs a few statements instead of N, and each caller is answered only once its own item
 * is durable (or read). The first call waits one turn of the event loop for the requests already
 * received; calls made while a group is in flight form the next one. When a group fails, its items go
 * one by one, so one bad item fails only its own caller (and a deadlock between two processes'
 * groups costs a retry, not an error).
 */
export function grouped<Item, Result>(
  write: (items: Item[]) => Promise<Result[]>,
  maxGroup = 100,
): (item: Item) => Promise<Result> {
  interface Waiting {
    item: Item;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  }
  let waiting: Waiting[] = [];
  let writing = false;

  const writeAlone = async (entry: Waiting) => {
    try {
      const [result] = await write([entry.item]);
      entry.resolve(result as Result);
    } catch (error) {
      entry.reject(error);
    }
  };

  const drain = async () => {
    writing = true;
    try {
      // Requests already received run up to here first: PGlite answers synchronously, so without
      // this turn of the event loop no other request would ever be waiting beside this one.
      await nextTurn();
      while (waiting.length > 0) {
        const group = waiting.slice(0, maxGroup);
        waiting = waiting.slice(group.length);
        if (group.length === 1) {
          await writeAlone(group[0] as Waiting);
          continue;
        }
        try {
          const results = await write(group.map((entry) => entry.item));
          for (const [index, entry] of group.entries()) entry.resolve(results[index] as Result);
        } catch {
          for (const entry of group) await writeAlone(entry);
        }
      }
    } finally {
      writing = false;
    }
  };

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}

/** One grouped writer (or reader) per database (or other owner), made on first use. */
export function groupedPer<Owner extends object, Item, Result>(
  make: (owner: Owner) => (item: Item) => Promise<Result>,
): (owner: Owner) => (item: Item) => Promise<Result> {
  const writers = new WeakMap<Owner, (item: Item) => Promise<Result>>();
  return (owner) => {
    let writer = writers.get(owner);
    if (!writer) {
      writer = make(owner);
      writers.set(owner, writer);
    }
    return writer;
  };
}
