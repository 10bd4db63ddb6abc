import MiniSearch, { type SearchResult } from 'minisearch';
import type { DocChunk, HelpChapter, HelpCorpus, HelpVideo } from './corpus';
import { escapeRegex } from '../../../lib/regex';

/**
 * Lexical search over the help corpus with MiniSearch (BM25-style ranking, prefix and fuzzy
 * terms): one index for doc sections, one for video chapters. No model call.
 */
export const SEARCH_OPTIONS = { prefix: true, fuzzy: 0.2, combineWith: 'OR' as const };
/** Words are letters and digits: backticks, slashes and dots separate them (`X-Service-Signature` → x, service, signature). */
export const tokenize = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
export const SNIPPET_LENGTH = 200;

export interface ChapterEntry {
  id: string;
  video: HelpVideo;
  chapter: HelpChapter;
  /** Label, summary, questions and the transcript words said in the chapter. */
  text: string;
}

export interface HelpIndex {
  docs: MiniSearch<DocChunk>;
  chapters: MiniSearch<ChapterEntry>;
  chunkById: Map<string, DocChunk>;
  chapterById: Map<string, ChapterEntry>;
}

export function buildHelpIndex(corpus: HelpCorpus): HelpIndex {
  const docs = new MiniSearch<DocChunk>({
    fields: ['title', 'section', 'text'],
    storeFields: ['id'],
    tokenize,
    searchOptions: { ...SEARCH_OPTIONS, boost: { section: 2, title: 1.5 } },
  });
  docs.addAll(corpus.chunks);
  const entries: ChapterEntry[] = corpus.videos
    .filter((video) => video.status === 'published' && video.youtubeId)
    .flatMap((video) =>
      video.chapters.map((chapter) => {
        const said = (corpus.transcripts.get(video.id)?.segments ?? [])
          .filter((segment) => segment.startSec >= chapter.startSec && segment.startSec < chapter.endSec)
          .map((segment) => segment.text)
          .join(' ');
        return {
          id: chapter.id,
          video,
          chapter,
          text: [chapter.label, chapter.summary, ...chapter.questions, said, video.keywords.join(' ')].join(' '),
        };
      }),
    );
  const chapters = new MiniSearch<ChapterEntry>({
    fields: ['text'],
    tokenize,
    extractField: (entry, field) => (field === 'id' ? entry.id : entry.text),
    storeFields: ['id'],
    searchOptions: SEARCH_OPTIONS,
  });
  chapters.addAll(entries);
  return {
    docs,
    chapters,
    chunkById: new Map(corpus.chunks.map((chunk) => [chunk.id, chunk])),
    chapterById: new Map(entries.map((entry) => [entry.id, entry])),
  };
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A window of the text around the first matched term, the matched words wrapped in `<mark>` (the
 * rest HTML-escaped, so the snippet is safe to insert as HTML).
 */
export function snippetOf(text: string, terms: string[]): string {
  const lower = text.toLowerCase();
  const positions = terms.map((term) => lower.indexOf(term.toLowerCase())).filter((position) => position >= 0);
  const first = positions.length ? Math.min(...positions) : 0;
  const start = Math.max(0, first - 60);
  const window = text.slice(start, start + SNIPPET_LENGTH);
  const pattern = terms.length ? new RegExp(`\\b(${terms.map(escapeRegex).join('|')})\\w*`, 'gi') : null;
  const marked = pattern ? escapeHtml(window).replace(pattern, (match) => `<mark>${match}</mark>`) : escapeHtml(window);
  return `${start > 0 ? '…' : ''}${marked}${start + SNIPPET_LENGTH < text.length ? '…' : ''}`;
}

export function searchDocs(
  index: HelpIndex,
  query: string,
  limit: number,
): { chunk: DocChunk; result: SearchResult }[] {
  return index.docs
    .search(query)
    .slice(0, limit)
    .map((result) => ({ chunk: index.chunkById.get(result.id as string)!, result }));
}

export function searchChapters(
  index: HelpIndex,
  query: string,
  limit: number,
): { entry: ChapterEntry; result: SearchResult }[] {
  return index.chapters
    .search(query)
    .slice(0, limit)
    .map((result) => ({ entry: index.chapterById.get(result.id as string)!, result }));
}
