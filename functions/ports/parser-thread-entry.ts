/** The worker thread of ThreadParser (parser-thread.ts): reads one document and posts the outcome. */
import { parentPort, workerData } from 'node:worker_threads';
import { parseDocument } from '../services/knowledge/parse';

const { name, bytes } = workerData as { name: string; bytes: Uint8Array };
// Its code is loaded: whatever fails from here on is the document's doing.
parentPort?.postMessage('started');
parentPort?.postMessage(await parseDocument(name, bytes));
