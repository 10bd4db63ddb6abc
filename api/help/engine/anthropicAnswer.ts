import Anthropic from '@anthropic-ai/sdk';
import type { AnswerEngine, AnswerPart, AskMessage, Retrieved } from './answer';

/**
 * The ask engine on the Anthropic Messages API, streamed. The model gets the retrieved passages and
 * chapters and may cite chapters only by id, as `[chapter-id]` in its text; those markers are taken
 * out of the streamed text and become citations, which the server then resolves from the catalog.
 */
const MARKER = /\[([a-z0-9-]+\.\d+)\]/g;

export function systemPrompt(retrieved: Retrieved): string {
  return [
    'You answer questions about the call-intelligence product, only from the material below. If it does not say, say you do not know.',
    'Cite a video chapter by writing its id in square brackets, e.g. [webhooks-signatures.2], right after the sentence it supports. Never invent ids or timestamps.',
    'Docs sections:',
    ...retrieved.passages.map((passage) => `- ${passage.title} (${passage.url}): ${passage.text}`),
    'Video chapters:',
    ...retrieved.chapters.map((chapter) => `- [${chapter.id}] ${chapter.label}: ${chapter.summary}`),
  ].join('\n');
}

export class AnthropicAnswerEngine implements AnswerEngine {
  readonly name = 'anthropic';
  private readonly client: Anthropic;

  constructor(private readonly options: { apiKey: string; baseUrl?: string; model: string; timeoutMs: number }) {
    this.client = new Anthropic({
      apiKey: options.apiKey,
      ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
      timeout: options.timeoutMs,
      maxRetries: 1,
    });
  }

  async *answer(retrieved: Retrieved, history: AskMessage[]): AsyncGenerator<AnswerPart> {
    const stream = this.client.messages.stream({
      model: this.options.model,
      max_tokens: 1024,
      system: systemPrompt(retrieved),
      messages: history.map((message) => ({ role: message.role, content: message.content })),
    });
    let pending = '';
    let emitted = '';
    const cited = new Set<string>();
    const release = function* (text: string, final: boolean): Generator<AnswerPart> {
      // Hold back from an unclosed "[" (a marker may be split across deltas).
      const open = final ? -1 : text.lastIndexOf('[');
      const ready = open >= 0 && !text.slice(open).includes(']') ? text.slice(0, open) : text;
      pending = text.slice(ready.length);
      for (const match of ready.matchAll(MARKER)) cited.add(match[1]!);
      let clean = ready.replace(MARKER, '').replace(/ {2,}/g, ' ');
      // A marker removed at a chunk's edge leaves two spaces across chunks.
      if (emitted.endsWith(' ') && clean.startsWith(' ')) clean = clean.slice(1);
      if (clean) {
        emitted = clean;
        yield { type: 'text', text: clean };
      }
    };
    for await (const event of stream) {
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
        yield* release(pending + event.delta.text, false);
      }
    }
    yield* release(pending, true);
    const final = await stream.finalMessage();
    for (const chapterId of cited) yield { type: 'cite', chapterId, reason: 'cited by the model' };
    yield { type: 'usage', input_tokens: final.usage.input_tokens, output_tokens: final.usage.output_tokens };
  }
}
