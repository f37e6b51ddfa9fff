import { parseDocument } from '../services/knowledge/parse';
import type { DocumentParser } from './parser';

/** Reads documents in this isolate: the documents Worker, whose CPU and memory limits bound a request. */
export class InlineParser implements DocumentParser {
  parse(name: string, bytes: Uint8Array) {
    return parseDocument(name, bytes);
  }
}
