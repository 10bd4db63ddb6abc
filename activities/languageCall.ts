import { ApplicationFailure } from '@temporalio/activity';
import { InvalidModelOutput } from './language/hosted/chatModel';
import { NON_RETRYABLE } from '../lib/temporal';

/**
 * Runs one language-engine call and maps its failures for Temporal: output the model got wrong
 * three times, or a request the provider refuses (bad key, bad request: 4xx other than 408/409/429),
 * fail the stage at once with the reason; anything else (timeouts, 5xx) is retried by the policy.
 */
export async function runLanguage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InvalidModelOutput) {
      throw ApplicationFailure.nonRetryable(error.message, NON_RETRYABLE.invalidModelOutput);
    }
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500 && ![408, 409, 429].includes(status)) {
      throw ApplicationFailure.nonRetryable(
        `The language model provider refused the request (HTTP ${status}): ${(error as Error).message}`,
        NON_RETRYABLE.languageModelRejected,
      );
    }
    throw error;
  }
}
