import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import type { ChatClient, ChatRequest } from './chatModel';

/** Chat clients for ChatModelEngine. Both SDKs retry 429 and 5xx answers themselves (`maxRetries`). */

export interface ChatClientOptions {
  apiKey: string;
  /** The server's base URL (a proxy, a local model server, a test server). */
  baseUrl?: string;
  model: string;
  timeoutMs: number;
  maxTokens: number;
}

/** Anthropic Messages API (`POST {baseUrl}/v1/messages`). */
export class AnthropicChatClient implements ChatClient {
  readonly provider = 'anthropic';
  private readonly client: Anthropic;

  constructor(private readonly options: ChatClientOptions) {
    this.client = new Anthropic({
      apiKey: options.apiKey,
      ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
      timeout: options.timeoutMs,
      maxRetries: 2,
    });
  }

  async complete(request: ChatRequest): Promise<string> {
    const message = await this.client.messages.create({
      model: this.options.model,
      max_tokens: this.options.maxTokens,
      system: request.system,
      messages: request.messages,
    });
    return message.content
      .filter((block): block is Anthropic.TextBlock => block.type === 'text')
      .map((block) => block.text)
      .join('');
  }
}

/** OpenAI-compatible chat completions (`POST {baseUrl}/chat/completions`): OpenAI, vLLM, Ollama, llama.cpp. */
export class OpenAiChatClient implements ChatClient {
  readonly provider = 'openai';
  private readonly client: OpenAI;

  constructor(private readonly options: ChatClientOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
      timeout: options.timeoutMs,
      maxRetries: 2,
    });
  }

  async complete(request: ChatRequest): Promise<string> {
    const completion = await this.client.chat.completions.create({
      model: this.options.model,
      temperature: 0,
      max_tokens: this.options.maxTokens,
      response_format: { type: 'json_object' },
      messages: [{ role: 'system', content: request.system }, ...request.messages],
    });
    return completion.choices[0]?.message?.content ?? '';
  }
}
