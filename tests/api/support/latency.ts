import { Worker } from 'node:worker_threads';

/**
 * Asks `health` every 20 ms until stopped; the slowest answer counted from when the question was
 * due, so time the event loop was blocked before the request could even start counts too.
 */
export function pollHealth(health: () => Response | Promise<Response>) {
  let running = true;
  let slowest = 0;
  let answers = 0;
  const polling = (async () => {
    while (running) {
      const due = performance.now() + 20;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const response = await health();
      if (response.status !== 200) throw new Error(`health answered ${response.status}`);
      await response.arrayBuffer();
      slowest = Math.max(slowest, performance.now() - due);
      answers++;
    }
  })();
  return async () => {
    running = false;
    await polling;
    return { slowest, answers };
  };
}

/**
 * A thread that only measures how late its own timer fires: the machine's share of any delay (a
 * busy machine descheduling the process is not the event loop being blocked).
 */
export function machineDelays() {
  const thread = new Worker(
    `const { parentPort } = require('node:worker_threads');
     let last = performance.now();
     let slowest = 0;
     const timer = setInterval(() => {
       const now = performance.now();
       slowest = Math.max(slowest, now - last - 20);
       last = now;
     }, 20);
     parentPort.once('message', () => {
       clearInterval(timer);
       parentPort.postMessage(slowest);
     });`,
    { eval: true },
  );
  return async () => {
    const slowest = new Promise<number>((resolve) => thread.once('message', resolve));
    thread.postMessage('stop');
    const value = await slowest;
    await thread.terminate();
    return value;
  };
}
