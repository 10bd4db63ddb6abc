import { DefaultLogger, Runtime } from '@temporalio/worker';

// The SDK logs every worker state change at INFO; tests show errors only (expected activity failures log WARN).
try {
  Runtime.install({ logger: new DefaultLogger('ERROR') });
} catch {
  // already installed in this process
}
