import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/*
 * The help corpus kept in the repository (docs/help): markdown pages split into sections, the video
 * catalog (videos.json) and one transcript per published video. Validated at start-up: a wrong
 * catalog stops the help app with every problem listed.
 */

export const DoNotLinkPolicy = z
  .object({
    /** Topics for which an answer must not link this page (e.g. `pricing`): matched against the question's words. */
    doNotLinkFor: z.array(z.string().min(1)).optional(),
  })
  .strict();
export type DocPolicy = z.infer<typeof DoNotLinkPolicy>;

const Chapter = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+\.\d+$/, 'must be <video_id>.<n>'),
    startSec: z.number().int().min(0),
    endSec: z.number().int().positive(),
    label: z.string().min(1),
    summary: z.string().min(1),
    questions: z.array(z.string().min(1)),
  })
  .strict();

const Video = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    title: z.string().min(1),
    status: z.enum(['published', 'draft']),
    youtubeId: z.string().min(1).optional(),
    durationSec: z.number().int().min(0),
    audience: z.array(z.string()),
    docPages: z.array(z.string()),
    faqPage: z.string(),
    summary: z.string(),
    keywords: z.array(z.string()),
    chapters: z.array(Chapter),
  })
  .strict()
  .superRefine((video, ctx) => {
    if (video.status === 'published' && !video.youtubeId) {
      ctx.addIssue({ code: 'custom', path: ['youtubeId'], message: 'a published video needs its youtubeId' });
    }
    let previousEnd = 0;
    video.chapters.forEach((chapter, index) => {
      if (chapter.id !== `${video.id}.${index + 1}`) {
        ctx.addIssue({ code: 'custom', path: ['chapters', index, 'id'], message: `must be ${video.id}.${index + 1}` });
      }
      if (chapter.endSec <= chapter.startSec) {
        ctx.addIssue({ code: 'custom', path: ['chapters', index, 'endSec'], message: 'must be after startSec' });
      }
      if (chapter.startSec < previousEnd) {
        ctx.addIssue({
          code: 'custom',
          path: ['chapters', index, 'startSec'],
          message: 'overlaps the chapter before (chapters are ordered, not overlapping)',
        });
      }
      if (chapter.endSec > video.durationSec) {
        ctx.addIssue({
          code: 'custom',
          path: ['chapters', index, 'endSec'],
          message: `is past the end of the video (${video.durationSec} s)`,
        });
      }
      previousEnd = chapter.endSec;
    });
  });
export type HelpVideo = z.infer<typeof Video>;
export type HelpChapter = z.infer<typeof Chapter>;

export const Catalog = z
  .object({ videos: z.array(Video) })
  .strict()
  .superRefine((catalog, ctx) => {
    const seen = new Set<string>();
    catalog.videos.forEach((video, index) => {
      if (seen.has(video.id))
        ctx.addIssue({ code: 'custom', path: ['videos', index, 'id'], message: `duplicate video id ${video.id}` });
      seen.add(video.id);
    });
  });

const Transcript = z.object({
  videoId: z.string(),
  segments: z.array(
    z.object({ startSec: z.number().min(0), endSec: z.number().min(0), text: z.string().min(1) }).strict(),
  ),
});
export type HelpTranscript = z.infer<typeof Transcript>;

export interface DocChunk {
  /** `<slug>#<anchor>`. */
  id: string;
  slug: string;
  title: string;
  section: string;
  anchor: string;
  text: string;
  url: string;
  policy?: DocPolicy;
}

export interface HelpCorpus {
  chunks: DocChunk[];
  videos: HelpVideo[];
  transcripts: Map<string, HelpTranscript>;
}

export class CorpusError extends Error {}

/** GitHub-style heading anchor: lowercase, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** Minimal front matter: `title:` and `policy:` with `doNotLinkFor: [a, b]`. */
function frontMatter(source: string): { title?: string; policy?: DocPolicy; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!match) return { body: source };
  const lines = match[1]!.split('\n');
  const title = lines
    .find((line) => line.startsWith('title:'))
    ?.slice(6)
    .trim();
  const topics = lines.find((line) => line.trim().startsWith('doNotLinkFor:'));
  const policy = topics
    ? DoNotLinkPolicy.parse({
        doNotLinkFor: topics
          .slice(topics.indexOf('[') + 1, topics.lastIndexOf(']'))
          .split(',')
          .map((topic) => topic.trim())
          .filter(Boolean),
      })
    : undefined;
  return { title, policy, body: source.slice(match[0].length) };
}

export function chunkMarkdown(slug: string, source: string, publicUrl: string): DocChunk[] {
  const { title: metaTitle, policy, body } = frontMatter(source);
  const title = metaTitle ?? /^# (.+)$/m.exec(body)?.[1] ?? slug;
  const chunks: DocChunk[] = [];
  for (const part of body.split(/^## /m).slice(1)) {
    const [heading, ...rest] = part.split('\n');
    const text = rest.join('\n').replace(/\s+/g, ' ').trim();
    if (!text) continue;
    const anchor = anchorOf(heading!);
    chunks.push({
      id: `${slug}#${anchor}`,
      slug,
      title,
      section: heading!.trim(),
      anchor,
      text,
      url: `${publicUrl.replace(/\/+$/, '')}/${slug}#${anchor}`,
      ...(policy ? { policy } : {}),
    });
  }
  return chunks;
}

export function loadHelpCorpus(directory: string, publicUrl: string): HelpCorpus {
  if (!existsSync(path.join(directory, 'videos.json'))) throw new CorpusError(`${directory}/videos.json is missing`);
  const parsed = Catalog.safeParse(JSON.parse(readFileSync(path.join(directory, 'videos.json'), 'utf8')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new CorpusError(`${directory}/videos.json is invalid: ${problems}`);
  }
  const transcripts = new Map<string, HelpTranscript>();
  for (const video of parsed.data.videos.filter((candidate) => candidate.status === 'published')) {
    const file = path.join(directory, 'transcripts', `${video.id}.json`);
    if (!existsSync(file)) throw new CorpusError(`the published video ${video.id} has no transcript (${file})`);
    transcripts.set(video.id, Transcript.parse(JSON.parse(readFileSync(file, 'utf8'))));
  }
  const chunks = readdirSync(directory)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .flatMap((file) =>
      chunkMarkdown(file.replace(/\.md$/, ''), readFileSync(path.join(directory, file), 'utf8'), publicUrl),
    );
  return { chunks, videos: parsed.data.videos, transcripts };
}
