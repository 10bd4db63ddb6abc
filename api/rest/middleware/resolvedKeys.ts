import type { AuthContext } from './auth';

export interface ResolvedKey {
  auth: AuthContext;
  lastUsedAt: Date | null;
  /** The credentials generation the resolution was read under; null when read before the gate. */
  generation: number | null;
  resolvedAt: number;
}

/**
 * Keys this process resolved, by key hash. An entry is used only while the organization's gate
 * returns the generation it was read under; the age limit bounds a change written straight into
 * the database without raising the generation (docs/api.md#authentication).
 */
export class ResolvedKeys {
  static readonly MAX_ENTRIES = 10_000;
  static readonly MAX_AGE_MS = 60_000;
  private readonly entries = new Map<string, ResolvedKey>();

  get(keyHash: string): ResolvedKey | undefined {
    const entry = this.entries.get(keyHash);
    if (entry && Date.now() - entry.resolvedAt > ResolvedKeys.MAX_AGE_MS) {
      this.entries.delete(keyHash);
      return undefined;
    }
    return entry;
  }

  set(keyHash: string, entry: ResolvedKey): void {
    this.entries.delete(keyHash);
    if (this.entries.size >= ResolvedKeys.MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(keyHash, entry);
  }

  delete(keyHash: string): void {
    this.entries.delete(keyHash);
  }
}
