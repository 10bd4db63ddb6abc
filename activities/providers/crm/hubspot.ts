import { callService, type OutboundSettings } from '../outboundService';

/**
 * A HubSpot-compatible CRM over its v3 REST API: contacts search and create, tasks and calls
 * with associations to the contact. `baseUrl` is configurable (tests, proxies, HubSpot-compatible CRMs).
 */
export const HUBSPOT_DEFAULT_BASE_URL = 'https://api.hubapi.com';
/** HubSpot-defined association types (task → contact, call → contact). */
export const HUBSPOT_ASSOCIATIONS = { taskToContact: 204, callToContact: 194 } as const;

export interface HubSpotConfig {
  access_token: string;
  base_url?: string;
}

export interface CrmContactInput {
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
}

export class HubSpotClient {
  private readonly baseUrl: string;

  constructor(
    private readonly config: HubSpotConfig,
    private readonly outbound: OutboundSettings,
  ) {
    this.baseUrl = (config.base_url ?? HUBSPOT_DEFAULT_BASE_URL).replace(/\/+$/, '');
  }

  private async request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await callService(this.outbound, {
      url: `${this.baseUrl}${path}`,
      method,
      headers: {
        Authorization: `Bearer ${this.config.access_token}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (response.text ? JSON.parse(response.text) : {}) as T;
  }

  /** Checks the token now (one cheap read). */
  async verify(): Promise<void> {
    await this.request('GET', '/crm/v3/objects/contacts?limit=1');
  }

  /** The contact with this phone, else this e-mail; null when none. */
  async findContact(input: CrmContactInput): Promise<string | null> {
    for (const [property, value] of [
      ['phone', input.phone],
      ['email', input.email],
    ] as const) {
      if (!value) continue;
      const found = await this.request<{ results?: { id: string }[] }>('POST', '/crm/v3/objects/contacts/search', {
        filterGroups: [{ filters: [{ propertyName: property, operator: 'EQ', value }] }],
        properties: ['firstname', 'lastname', 'phone', 'email'],
        limit: 1,
      });
      if (found.results?.[0]) return found.results[0].id;
    }
    return null;
  }

  async createContact(input: CrmContactInput): Promise<string> {
    const properties = Object.fromEntries(
      Object.entries({
        firstname: input.firstName,
        lastname: input.lastName,
        phone: input.phone,
        email: input.email,
      }).filter(([, value]) => value),
    );
    return (await this.request<{ id: string }>('POST', '/crm/v3/objects/contacts', { properties })).id;
  }

  async createTask(input: { contactId: string; subject: string; body: string; dueAt: Date }): Promise<string> {
    const created = await this.request<{ id: string }>('POST', '/crm/v3/objects/tasks', {
      properties: {
        hs_task_subject: input.subject,
        hs_task_body: input.body,
        hs_timestamp: input.dueAt.toISOString(),
        hs_task_status: 'NOT_STARTED',
        hs_task_priority: 'MEDIUM',
      },
      associations: [
        {
          to: { id: input.contactId },
          types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: HUBSPOT_ASSOCIATIONS.taskToContact }],
        },
      ],
    });
    return created.id;
  }

  async logCall(input: {
    contactId: string;
    title: string;
    body: string;
    at: Date;
    direction: 'inbound' | 'outbound' | null;
    durationSeconds: number | null;
  }): Promise<string> {
    const created = await this.request<{ id: string }>('POST', '/crm/v3/objects/calls', {
      properties: {
        hs_timestamp: input.at.toISOString(),
        hs_call_title: input.title,
        hs_call_body: input.body,
        hs_call_status: 'COMPLETED',
        ...(input.direction ? { hs_call_direction: input.direction.toUpperCase() } : {}),
        ...(input.durationSeconds !== null ? { hs_call_duration: String(input.durationSeconds * 1000) } : {}),
      },
      associations: [
        {
          to: { id: input.contactId },
          types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: HUBSPOT_ASSOCIATIONS.callToContact }],
        },
      ],
    });
    return created.id;
  }
}
