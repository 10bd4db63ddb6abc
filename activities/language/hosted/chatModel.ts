import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import type { DatasetDefinition } from '../../../lib/datasets';
import type { DatasetField, Evidence, ExtractionResult, ScorecardCriterionResult } from '../../../lib/documents';
import type { ScorecardTemplate } from '../../../lib/scorecardTemplates';
import { formatInOffset } from '../../../lib/time';
import { evidenceOf, type CallText } from '../core/callText';
import { criterionResult, maxScoreOf, totalOf } from '../core/scoring';
import { uniqueSegments, type DetectedActions, type LanguageEngine, type LendingDecision } from '../engine';

/*
 * A language engine on a hosted chat model (Anthropic Messages, or any OpenAI-compatible chat
 * completions server: OpenAI, vLLM, Ollama, llama.cpp). The model sees the transcript as numbered
 * segments and answers JSON, validated with zod; invalid output is asked for again with the
 * problems (MODEL_OUTPUT_ATTEMPTS in all), then the stage fails with the reason. Evidence: the
 * model names segment numbers and we quote those segments, so no quote is ever invented.
 */

export interface ChatRequest {
  system: string;
  messages: { role: 'user' | 'assistant'; content: string }[];
}

export interface ChatClient {
  readonly provider: string;
  complete(request: ChatRequest): Promise<string>;
}

/** The model answered, MODEL_OUTPUT_ATTEMPTS times, with something that is not the JSON asked for. */
export class InvalidModelOutput extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidModelOutput';
  }
}

export const MODEL_OUTPUT_ATTEMPTS = 3;

const SegmentRefs = z.array(z.number().int().min(0)).max(20).default([]);

const LendingOutput = z.object({
  is_lending_call: z.boolean(),
  reasons: z.array(z.string().min(1)).max(5),
});

const SummaryOutput = z.object({
  text: z.string().min(1),
  key_points: z.array(z.string()).max(10),
  outcome: z.string().nullable(),
  next_steps: z.array(z.string()).max(10),
});

const ScoreOutput = z.object({
  criteria: z.array(z.object({ id: z.string(), score: z.number().min(0), segments: SegmentRefs })),
});

const ExtractionOutput = z.object({
  fields: z.array(z.object({ name: z.string(), value: z.unknown(), segments: SegmentRefs })),
});

const ActionsOutput = z.object({
  /** The customer's e-mail address as said in the call (attendee of the appointments), if any. */
  customer_email: z.string().nullable().default(null),
  tasks: z.array(
    z.object({
      text: z.string().min(1),
      owner: z.enum(['agent', 'customer']),
      due_date: z.iso.date().nullable(),
      segments: SegmentRefs,
    }),
  ),
  appointments: z.array(
    z.object({
      title: z.string().min(1),
      start: z.iso.datetime({ offset: true }),
      end: z.iso.datetime({ offset: true }),
      segments: SegmentRefs,
    }),
  ),
});

function transcriptBlock(text: CallText): string {
  const facts = text.facts;
  const lines = uniqueSegments(text).map(
    (segment, index) =>
      `[${index}] ${segment.speaker} ${segment.start.toFixed(1)}-${segment.end.toFixed(1)}s: ${segment.text}`,
  );
  return [
    `Call recorded at ${formatInOffset(facts.recordedAt, facts.utcOffsetMinutes)} (read relative dates in this UTC offset).`,
    `Agent: ${text.agentName ?? 'unknown'}${facts.agentEmail ? ` <${facts.agentEmail}>` : ''}. Customer: ${text.customerName?.value ?? 'unknown'}.`,
    'Transcript (segment number, speaker, seconds, words):',
    ...lines,
  ].join('\n');
}

/** The first JSON object in a model's answer (models sometimes wrap it in prose or a code fence). */
export function firstJsonObject(answer: string): unknown {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) throw new Error('the answer contains no JSON object');
  return JSON.parse(answer.slice(start, end + 1));
}

export class ChatModelEngine implements LanguageEngine {
  readonly name: string;

  constructor(private readonly client: ChatClient) {
    this.name = client.provider;
  }

  /** Asks for JSON matching `schema`; on invalid output asks again with the problems. */
  private async ask<S extends z.ZodType>(task: string, text: CallText, schema: S): Promise<z.output<S>> {
    const system =
      'You analyse sales and mortgage-lending phone calls. Answer with one JSON object only, no prose, ' +
      `matching this JSON Schema:\n${JSON.stringify(z.toJSONSchema(schema, { io: 'input' }))}\n` +
      'Refer to evidence by segment numbers from the transcript. Never invent facts that were not said.';
    const messages: ChatRequest['messages'] = [{ role: 'user', content: `${task}\n\n${transcriptBlock(text)}` }];
    let problem = '';
    for (let attempt = 1; attempt <= MODEL_OUTPUT_ATTEMPTS; attempt++) {
      const answer = await this.client.complete({ system, messages });
      try {
        const parsed = schema.safeParse(firstJsonObject(answer));
        if (parsed.success) return parsed.data;
        problem = parsed.error.issues
          .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
          .join('; ');
      } catch (error) {
        problem = (error as Error).message;
      }
      messages.push({ role: 'assistant', content: answer });
      messages.push({
        role: 'user',
        content: `That was not valid: ${problem}. Answer again with the JSON object only.`,
      });
    }
    throw new InvalidModelOutput(
      `The language model (${this.client.provider}) returned invalid output ${MODEL_OUTPUT_ATTEMPTS} times: ${problem}`,
    );
  }

  private evidence(text: CallText, refs: number[]): Evidence[] {
    const segments = uniqueSegments(text);
    return [...new Set(refs)]
      .filter((index) => index < segments.length)
      .sort((a, b) => a - b)
      .map((index) => evidenceOf(segments[index]!));
  }

  async summarize(text: CallText) {
    return this.ask(
      'Summarize the call in a few sentences (text), its key points, its outcome (or null) and the agreed next steps.',
      text,
      SummaryOutput,
    );
  }

  async score(template: ScorecardTemplate, text: CallText) {
    const rubric = template.criteria
      .map(
        (criterion) =>
          `- ${criterion.id} (${criterion.label}): ${criterion.description} Said by: ${criterion.speaker}. ` +
          (criterion.type === 'scale' ? `Score 0 to ${maxScoreOf(criterion)}.` : 'Score 1 if met, else 0.'),
      )
      .join('\n');
    const output = await this.ask(
      `Score the call on each criterion, with the segments that show it:\n${rubric}`,
      text,
      ScoreOutput,
    );
    const criteria: ScorecardCriterionResult[] = template.criteria.map((criterion) => {
      const answer = output.criteria.find((candidate) => candidate.id === criterion.id);
      return criterionResult(criterion, answer?.score ?? 0, this.evidence(text, answer?.segments ?? []));
    });
    return { criteria, total: totalOf(criteria) };
  }

  async extract(dataset: DatasetDefinition, text: CallText): Promise<ExtractionResult> {
    const fields = dataset.fields
      .map(
        (field) =>
          `- ${field.name} (${field.type}${field.options ? `: one of ${field.options.join(', ')}` : ''}): ${field.description}`,
      )
      .join('\n');
    const output = await this.ask(
      `Extract these fields from what was said (leave out a field the call does not give; money and numbers as plain numbers, dates YYYY-MM-DD, phones E.164, addresses as {line, city, state (two letters), postal_code}):\n${fields}`,
      text,
      ExtractionOutput,
    );
    const data: Record<string, unknown> = {};
    const evidence: Record<string, Evidence[]> = {};
    for (const field of dataset.fields) {
      const answer = output.fields.find((candidate) => candidate.name === field.name);
      const value = answer ? valueOfType(field, answer.value) : null;
      if (value === null) continue;
      data[field.name] = value;
      evidence[field.name] = this.evidence(text, answer!.segments);
    }
    return {
      dataset: dataset.key,
      data,
      evidence,
      missing_required: dataset.fields.filter((field) => field.required && !(field.name in data)).map((f) => f.name),
    };
  }

  async classifyLending(text: CallText): Promise<LendingDecision> {
    const output = await this.ask(
      'Decide whether this call is about borrowing money against or for a home (a mortgage, refinance, home equity loan or line of credit, pre-approval): is_lending_call, with up to five short reasons.',
      text,
      LendingOutput,
    );
    return { lending: output.is_lending_call, reasons: output.reasons };
  }

  async detectActions(text: CallText): Promise<DetectedActions> {
    const output = await this.ask(
      "List the tasks someone committed to (text, owner agent or customer, due_date or null), the appointments agreed (title, start and end as ISO 8601 with the call's UTC offset; 30 minutes when no length was said), and the customer's e-mail address if they said one (customer_email, else null).",
      text,
      ActionsOutput,
    );
    const said = output.customer_email?.toLowerCase() ?? null;
    const customerEmail = said && z.email().safeParse(said).success ? said : null;
    return {
      tasks: output.tasks.map((task) => ({
        text: task.text,
        owner: task.owner,
        due: task.due_date,
        evidence: this.evidence(text, task.segments),
      })),
      appointments: output.appointments.map((appointment) => ({
        title: appointment.title,
        start: formatInOffset(new Date(appointment.start), text.facts.utcOffsetMinutes),
        end: formatInOffset(new Date(appointment.end), text.facts.utcOffsetMinutes),
        attendees: [
          { name: text.agentName, email: text.facts.agentEmail, phone: null },
          { name: text.customerName?.value ?? null, email: customerEmail, phone: text.facts.contactPhone },
        ],
        evidence: this.evidence(text, appointment.segments),
      })),
    };
  }
}

/** A model's value checked and normalized for its field type; null when it does not fit. */
export function valueOfType(field: DatasetField, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  switch (field.type) {
    case 'number':
    case 'money': {
      const number = typeof value === 'number' ? value : Number(String(value).replace(/[$,\s]/g, ''));
      return Number.isFinite(number) ? (field.type === 'money' ? Math.round(number * 100) / 100 : number) : null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
    case 'enum':
      return typeof value === 'string' && field.options?.includes(value) ? value : null;
    case 'phone': {
      const phone = typeof value === 'string' ? parsePhoneNumberFromString(value, 'US') : undefined;
      return phone?.isValid() ? phone.number : null;
    }
    case 'email':
      return typeof value === 'string' && z.email().safeParse(value.toLowerCase()).success ? value.toLowerCase() : null;
    case 'address': {
      const address = z
        .object({
          line: z.string().min(1),
          city: z.string().min(1),
          state: z.string().regex(/^[A-Z]{2}$/),
          postal_code: z
            .string()
            .regex(/^\d{5}$/)
            .nullable()
            .default(null),
        })
        .safeParse(value);
      return address.success ? address.data : null;
    }
    case 'string':
      return typeof value === 'string' ? value.trim() || null : null;
  }
}
