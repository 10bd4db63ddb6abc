import type { HelpVideo } from './corpus';
import { searchChapters, searchDocs, type HelpIndex } from './search';

/**
 * Answers to product questions from the help corpus. Retrieval first (doc sections and video
 * chapters, lexical); then an engine composes the answer and names the chapters it rests on by id
 * only. The server resolves every citation from the catalog (`resolveCitations`): an id that is not
 * in the catalog is dropped, so a timestamp can never be invented.
 */
export interface AskMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface Retrieved {
  question: string;
  passages: { id: string; title: string; text: string; url: string }[];
  chapters: { id: string; label: string; summary: string; score: number; terms: string[] }[];
}

export type AnswerPart =
  | { type: 'text'; text: string }
  | { type: 'cite'; chapterId: string; reason: string }
  /** Token counts, when the engine knows them (a model does; the embedded engine counts words). */
  | { type: 'usage'; input_tokens: number; output_tokens: number };

export interface AnswerEngine {
  readonly name: string;
  answer(retrieved: Retrieved, history: AskMessage[]): AsyncGenerator<AnswerPart>;
}

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** What the question is about: the last user message, with the page it was asked on. */
export function retrieve(index: HelpIndex, messages: AskMessage[], page: string | undefined): Retrieved {
  const question = [...messages].reverse().find((message) => message.role === 'user')!.content;
  const query = page ? `${question} ${page.replace(/[/#-]/g, ' ')}` : question;
  const questionWords = new Set(words(question));
  const passages = searchDocs(index, query, 6)
    // A page whose policy says not to link it for a topic the question names is left out.
    .filter(({ chunk }) => !(chunk.policy?.doNotLinkFor ?? []).some((topic) => questionWords.has(topic.toLowerCase())))
    .slice(0, 3)
    .map(({ chunk }) => ({
      id: chunk.id,
      title: `${chunk.title}: ${chunk.section}`,
      text: chunk.text,
      url: chunk.url,
    }));
  const found = searchChapters(index, query, 5);
  const best = found[0]?.result.score ?? 0;
  const chapters = found
    .filter(({ result }) => result.score >= best * 0.5)
    .slice(0, 3)
    .map(({ entry, result }) => ({
      id: entry.id,
      label: entry.chapter.label,
      summary: entry.chapter.summary,
      score: result.score,
      terms: result.terms,
    }));
  return { question, passages, chapters };
}

const firstSentences = (text: string, count: number) =>
  (text.match(/[^.!?]+[.!?]+(\s|$)/g) ?? [text]).slice(0, count).join('').trim();

/** The embedded engine: an extractive answer from the best passages; no model, no network. */
export const extractiveAnswerEngine: AnswerEngine = {
  name: 'embedded',
  async *answer(retrieved) {
    if (retrieved.passages.length === 0 && retrieved.chapters.length === 0) {
      yield { type: 'text', text: 'I could not find that in the help content. Try other words, or search the docs.' };
      return;
    }
    const [top, second] = retrieved.passages;
    const parts: string[] = [];
    if (top) parts.push(firstSentences(top.text, 2));
    if (second && second.id.split('#')[0] !== top?.id.split('#')[0]) parts.push(firstSentences(second.text, 1));
    const chapter = retrieved.chapters[0];
    if (chapter) parts.push(`The video chapter "${chapter.label}" shows it: ${chapter.summary}`);
    if (top)
      parts.push(`More: ${retrieved.passages.map((passage) => `${passage.title} (${passage.url})`).join('; ')}.`);
    // Streamed word by word groups, as a model would.
    for (const piece of parts.join(' ').match(/\S+\s*/g) ?? []) yield { type: 'text', text: piece };
    for (const cited of retrieved.chapters) {
      yield { type: 'cite', chapterId: cited.id, reason: `matches ${cited.terms.slice(0, 4).join(', ')}` };
    }
  },
};

export interface Citation {
  videoId: string;
  chapterId: string;
  title: string;
  label: string;
  startSec: number;
  endSec: number;
  youtubeId: string;
  url: string;
  embedUrl: string;
  docPages: string[];
  faqPage: string;
  summary: string;
  reason: string;
}

/** Citations from the catalog alone; unknown chapter ids and unpublished videos are dropped. */
export function resolveCitations(
  videos: HelpVideo[],
  cited: { chapterId: string; reason: string }[],
  hosts: { video: string; embed: string },
): Citation[] {
  const citations: Citation[] = [];
  for (const { chapterId, reason } of cited) {
    const video = videos.find((candidate) => candidate.id === chapterId.split('.')[0]);
    const chapter = video?.chapters.find((candidate) => candidate.id === chapterId);
    if (!video || !chapter || video.status !== 'published' || !video.youtubeId) continue;
    if (citations.some((citation) => citation.chapterId === chapterId)) continue;
    citations.push({
      videoId: video.id,
      chapterId,
      title: video.title,
      label: chapter.label,
      startSec: chapter.startSec,
      endSec: chapter.endSec,
      youtubeId: video.youtubeId,
      url: `${hosts.video.replace(/\/+$/, '')}/${video.youtubeId}?t=${Math.trunc(chapter.startSec)}`,
      embedUrl: `${hosts.embed.replace(/\/+$/, '')}/${video.youtubeId}?start=${Math.trunc(chapter.startSec)}&end=${Math.trunc(chapter.endSec)}&rel=0`,
      docPages: video.docPages,
      faqPage: video.faqPage,
      summary: chapter.summary,
      reason,
    });
  }
  return citations;
}

/** Approximate token counts for the embedded engine: words in and out (documented as such). */
export function countWords(text: string): number {
  return (text.match(/\S+/g) ?? []).length;
}
