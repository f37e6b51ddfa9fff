/**
 * pdfmake with DejaVu Sans registered, for Cyrillic text (the 14 standard PDF fonts have none).
 *
 * The browser build of pdfmake 0.3 (`pdfmake/build/pdfmake.js`, one self-contained script) is used on
 * both runtimes: it needs no Node built-ins, so it runs in workerd without `nodejs_compat`, and the
 * fonts come from its virtual file system as base64 strings imported from a generated module
 * (`fonts-data.ts`, see scripts/generate-invoice-fonts.mjs) — no file system at render time and no
 * bundler loader rules. The fonts are subset to Latin and Cyrillic (about 45 KB each).
 */
import pdfMake from 'pdfmake/build/pdfmake.js';
import { DOCUMENT_FONT } from './document-parts';
import { DEJAVU_SANS, DEJAVU_SANS_BOLD } from './fonts-data';

const REGULAR_FILE = 'DejaVuSans.ttf';
const BOLD_FILE = 'DejaVuSans-Bold.ttf';

let registered = false;

/** The pdfmake module with the document font registered (once per isolate or process). */
export function documentPdfMake(): typeof pdfMake {
  if (!registered) {
    pdfMake.addVirtualFileSystem({ [REGULAR_FILE]: DEJAVU_SANS, [BOLD_FILE]: DEJAVU_SANS_BOLD });
    pdfMake.addFonts({
      [DOCUMENT_FONT]: {
        normal: REGULAR_FILE,
        bold: BOLD_FILE,
        // No oblique faces are shipped: italics fall back to the upright ones.
        italics: REGULAR_FILE,
        bolditalics: BOLD_FILE,
      },
    });
    registered = true;
  }
  return pdfMake;
}
