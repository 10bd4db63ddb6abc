import type { LanguageEngine } from '../engine';
import { uniqueSegments } from '../engine';
import { detectActions } from './actions';
import { classifyLending, customerEmailOf, extractDataset } from './extraction';
import { scoreTranscript, summarizeTranscript } from './summaryAndScorecard';

/** The embedded, deterministic engine: rules over the call text, no network, no model. */
export const embeddedLanguageEngine: LanguageEngine = {
  name: 'embedded',
  summarize: async (text) => summarizeTranscript(uniqueSegments(text)),
  score: async (template, text) => scoreTranscript(template, uniqueSegments(text)),
  extract: async (dataset, text) => extractDataset(dataset, text),
  detectActions: async (text) => detectActions(text, customerEmailOf(text)),
  classifyLending: async (text) => classifyLending(text),
};
