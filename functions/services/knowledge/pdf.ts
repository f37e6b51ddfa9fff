import { getDocumentProxy } from 'unpdf';
import type { Chunker } from './chunk';
import { MAX_PDF_PAGES, UnreadableFile } from './limits';

interface TextPiece {
  str?: string;
  hasEOL?: boolean;
}

/**
 * A PDF's text, a section per page. The page count comes from the page tree before any text is
 * extracted and is capped; a tree naming the same page object twice is refused at the repeat, since
 * finding page n walks the tree (a 24 KB file naming one page 20 000 times took minutes).
 */
export async function readPdf(bytes: Uint8Array, chunker: Chunker): Promise<void> {
  const pdf = await getDocumentProxy(bytes);
  try {
    if (pdf.numPages > MAX_PDF_PAGES) throw new UnreadableFile('file_too_many_pages');
    const seen = new Set<string>();
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const ref = page.ref ? `${page.ref.num} ${page.ref.gen}` : `page ${number}`;
      if (seen.has(ref)) throw new UnreadableFile('file_too_many_pages');
      seen.add(ref);
      const content = await page.getTextContent();
      const text = (content.items as TextPiece[])
        .filter((item) => item.str != null)
        .map((item) => item.str + (item.hasEOL ? '\n' : ''))
        .join('');
      page.cleanup();
      chunker.section(text, `p. ${number}`);
    }
  } finally {
    await pdf.loadingTask.destroy();
  }
}
