import type { OrganizationDoc } from '../documents';
import type { PiiType } from './detection';

/*
 * An organization's privacy policy: what is redacted, whether originals are kept (sealed, shown
 * only to `pii:read`), whether recordings are silenced where a value was said, and how long data
 * is kept. Stored on the organization; absent fields take the defaults below.
 */
export interface PrivacyPolicy {
  redact_types: PiiType[];
  /** Keep the redacted text (and, with audio redaction, the original recording) encrypted for `pii:read`. */
  keep_originals: boolean;
  /** Silence the stored recording where a redacted value was said. */
  redact_audio: boolean;
  /** Days after a call's recording time when each is deleted (null: kept). */
  retention: { recordings_days: number | null; transcripts_days: number | null; calls_days: number | null };
  /** Bumped on every change; a transcript records the version that redacted it. */
  version: number;
  updated_at: Date | null;
}

/**
 * On by default for what lenders and card payments must never keep in clear (GLBA, PCI DSS);
 * e-mail, phone and street address are the customer's contact data and stay unless asked for.
 */
export const DEFAULT_REDACT_TYPES: PiiType[] = [
  'ssn',
  'card_number',
  'bank_account',
  'routing_number',
  'date_of_birth',
];

export const DEFAULT_PRIVACY_POLICY: PrivacyPolicy = {
  redact_types: DEFAULT_REDACT_TYPES,
  keep_originals: false,
  redact_audio: false,
  retention: { recordings_days: null, transcripts_days: null, calls_days: null },
  version: 0,
  updated_at: null,
};

export function privacyPolicyOf(organization: Pick<OrganizationDoc, 'privacy_policy'> | null): PrivacyPolicy {
  const stored = organization?.privacy_policy;
  return stored
    ? { ...DEFAULT_PRIVACY_POLICY, ...stored, retention: { ...DEFAULT_PRIVACY_POLICY.retention, ...stored.retention } }
    : DEFAULT_PRIVACY_POLICY;
}
