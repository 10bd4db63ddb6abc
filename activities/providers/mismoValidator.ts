import { spawn } from 'node:child_process';
import path from 'node:path';

/** The root schema file of the MISMO 3.4 B324 folder. */
export const MISMO_ROOT_XSD = 'MISMO_3.4.0_B324.xsd';

/**
 * Validates a MISMO document against the B324 schema with xmllint (Debian `libxml2-utils`),
 * reading the document from stdin. Resolves with xmllint's messages; `valid` only on exit 0.
 */
export function validateMismoXml(xml: string, xsdDir: string): Promise<{ valid: boolean; errors: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn('xmllint', ['--noout', '--nonet', '--schema', path.join(xsdDir, MISMO_ROOT_XSD), '-'], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const errors = stderr
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !/ validates$/.test(line));
      resolve({ valid: code === 0, errors });
    });
    child.stdin.end(xml);
  });
}
