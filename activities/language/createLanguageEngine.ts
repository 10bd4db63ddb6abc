import type { Config } from '../../lib/config';
import { AnthropicChatClient, OpenAiChatClient } from './hosted/chatClients';
import { ChatModelEngine } from './hosted/chatModel';
import { embeddedLanguageEngine } from './embedded/engine';
import type { LanguageEngine } from './engine';

export const DEFAULT_MODELS = { anthropic: 'claude-sonnet-4-5', openai: 'gpt-4o-mini' } as const;

/** The engine LANGUAGE_PROVIDER names; a hosted one without its key is refused at start. */
export function createLanguageEngine(config: Config): LanguageEngine {
  const common = {
    timeoutMs: config.LANGUAGE_TIMEOUT_SECONDS * 1000,
    maxTokens: config.LANGUAGE_MAX_TOKENS,
  };
  switch (config.LANGUAGE_PROVIDER) {
    case 'embedded':
      return embeddedLanguageEngine;
    case 'anthropic':
      if (!config.ANTHROPIC_API_KEY) throw new Error('LANGUAGE_PROVIDER=anthropic needs ANTHROPIC_API_KEY');
      return new ChatModelEngine(
        new AnthropicChatClient({
          ...common,
          apiKey: config.ANTHROPIC_API_KEY,
          baseUrl: config.ANTHROPIC_BASE_URL,
          model: config.LANGUAGE_MODEL ?? DEFAULT_MODELS.anthropic,
        }),
      );
    case 'openai':
      if (!config.OPENAI_API_KEY) throw new Error('LANGUAGE_PROVIDER=openai needs OPENAI_API_KEY');
      return new ChatModelEngine(
        new OpenAiChatClient({
          ...common,
          apiKey: config.OPENAI_API_KEY,
          baseUrl: config.OPENAI_BASE_URL,
          model: config.LANGUAGE_MODEL ?? DEFAULT_MODELS.openai,
        }),
      );
  }
}
