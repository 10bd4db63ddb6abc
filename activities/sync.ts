import { ApplicationFailure } from '@temporalio/activity';
import { restBaseUrl, type Config } from '../lib/config';
import { openConnectionConfig } from '../lib/connections';
import type { ConnectionType } from '../lib/documents';
import { recordEvent, type EventLogDeps } from '../lib/eventLog';
import { callNotFound } from './calls';
import { crmPersonForCall, customerIdentityFromExtractions } from '../lib/customerIdentity';
import { calendarEvent, crmCallLog, crmTask } from '../lib/syncPayloads';
import { CalDavClient, type CalDavConfig } from './providers/calendar/caldav';
import { HubSpotClient, type HubSpotConfig } from './providers/crm/hubspot';
import { ServiceRejected, ServiceUnavailable } from './providers/outboundService';
import { NON_RETRYABLE } from '../lib/temporal';
import { recordIntegrationSync } from './metrics';

export interface SyncOutcome {
  status: 'completed' | 'skipped';
  reason?: string;
  synced: number;
}

export const NO_CRM_CONNECTION = 'no CRM connection is configured';
export const NO_CALENDAR_CONNECTION = 'no calendar connection is configured';

/**
 * Maps a service failure for Temporal: refused credentials and other 4xx fail the stage at once
 * (non-retryable, with the reason); 429, 5xx and network errors retry, after Retry-After when given.
 */
async function asActivityFailure<T>(service: 'CRM' | 'calendar', work: () => Promise<T>): Promise<T> {
  const system = service === 'CRM' ? 'crm' : 'calendar';
  try {
    const result = await work();
    recordIntegrationSync(system, 'ok');
    return result;
  } catch (error) {
    recordIntegrationSync(
      system,
      error instanceof ServiceRejected ? 'rejected' : error instanceof ServiceUnavailable ? 'unavailable' : 'error',
    );
    if (error instanceof ServiceRejected) {
      const auth = error.status === 401 || error.status === 403;
      throw ApplicationFailure.nonRetryable(
        `${service} ${auth ? 'refused the credentials' : 'refused the request'}: ${error.message}`,
        auth ? NON_RETRYABLE.syncAuthFailed : NON_RETRYABLE.syncRejected,
      );
    }
    if (error instanceof ServiceUnavailable) {
      throw ApplicationFailure.create({
        message: `${service} unavailable: ${error.message}`,
        type: 'SyncUnavailable',
        ...(error.retryAfterSeconds !== null ? { nextRetryDelay: `${error.retryAfterSeconds} seconds` } : {}),
      });
    }
    throw error;
  }
}

/** CRM and calendar sync of a call's tasks and appointments (stages `crm` and `calendar`). */
export function createSyncActivities(deps: EventLogDeps & { config: Config }) {
  const { collections, config } = deps;
  const connectionOf = (orgId: string, type: ConnectionType) =>
    collections.connections.findOne({ org_id: orgId, type });
  const loadCall = async (input: { orgId: string; callId: string }) => {
    const call = await collections.calls.findOne({ _id: input.callId, org_id: input.orgId });
    if (!call) throw callNotFound(input.callId);
    return call;
  };

  return {
    /** Tries the stored credentials now; the error message, or null when the service accepted them. */
    async checkConnection(input: { orgId: string; connectionId: string }): Promise<{ error: string | null }> {
      const connection = await collections.connections.findOne({ _id: input.connectionId, org_id: input.orgId });
      if (!connection) return { error: 'The connection no longer exists' };
      try {
        if (connection.type === 'hubspot') {
          await new HubSpotClient(
            openConnectionConfig<HubSpotConfig>(config.SECRETS_ENCRYPTION_KEY, connection),
            config,
          ).verify();
        } else {
          await new CalDavClient(
            openConnectionConfig<CalDavConfig>(config.SECRETS_ENCRYPTION_KEY, connection),
            config,
          ).verify();
        }
        return { error: null };
      } catch (error) {
        return { error: (error as Error).message };
      }
    },

    /**
     * For the call's contact: find (phone, then e-mail) or create it in the CRM, log the call with
     * its summary, create each task associated with it. Ids are stored and reused, so a rerun
     * creates nothing twice; `task.synced` per task.
     */
    async syncCallToCrm(input: { orgId: string; callId: string }): Promise<SyncOutcome> {
      const connection = await connectionOf(input.orgId, 'hubspot');
      if (!connection) return { status: 'skipped', reason: NO_CRM_CONNECTION, synced: 0 };
      const call = await loadCall(input);
      const crm = new HubSpotClient(
        openConnectionConfig<HubSpotConfig>(config.SECRETS_ENCRYPTION_KEY, connection),
        config,
      );
      return asActivityFailure('CRM', async () => {
        const contact = call.contact_id
          ? await collections.contacts.findOne({ _id: call.contact_id, org_id: input.orgId })
          : null;
        const extractions = await collections.extractions.findOne({ _id: call._id, org_id: input.orgId });
        const { name, ...person } = crmPersonForCall(
          contact,
          call,
          customerIdentityFromExtractions(extractions?.results ?? []),
        );
        let crmContactId = contact?.crm_ids?.hubspot ?? null;
        if (!crmContactId) {
          if (!person.phone && !person.email && !person.firstName) {
            return {
              status: 'skipped',
              reason: 'the call has no customer to sync (no name, phone or e-mail)',
              synced: 0,
            } as SyncOutcome;
          }
          crmContactId = (await crm.findContact(person)) ?? (await crm.createContact(person));
          if (contact) {
            await collections.contacts.updateOne(
              { _id: contact._id, org_id: input.orgId },
              { $set: { 'crm_ids.hubspot': crmContactId, updated_at: new Date() } },
            );
          }
        }
        if (!call.crm_call_ids?.hubspot) {
          const callId = await crm.logCall({
            contactId: crmContactId,
            ...crmCallLog(call, { name, phone: person.phone }, restBaseUrl(config)),
          });
          await collections.calls.updateOne(
            { _id: call._id, org_id: input.orgId },
            { $set: { 'crm_call_ids.hubspot': callId } },
          );
        }
        const tasks = await collections.tasks
          .find({ org_id: input.orgId, call_id: call._id })
          .sort({ _id: 1 })
          .toArray();
        for (const task of tasks) {
          let crmTaskId = task.crm_id;
          if (!crmTaskId) {
            crmTaskId = await crm.createTask({ contactId: crmContactId, ...crmTask(task, call) });
            await collections.tasks.updateOne(
              { _id: task._id, org_id: input.orgId },
              { $set: { crm_id: crmTaskId, contact_id: task.contact_id ?? call.contact_id } },
            );
          }
          await recordEvent(deps, {
            orgId: input.orgId,
            type: 'task.synced',
            subjectId: task._id,
            data: {
              task_id: task._id,
              call_id: call._id,
              crm: 'hubspot',
              crm_task_id: crmTaskId,
              crm_contact_id: crmContactId,
            },
          });
        }
        return { status: 'completed', synced: tasks.length } as SyncOutcome;
      });
    },

    /** Each appointment as a VEVENT with a stable UID (a rerun updates it); `appointment.synced` each. */
    async syncCallToCalendar(input: { orgId: string; callId: string }): Promise<SyncOutcome> {
      const connection = await connectionOf(input.orgId, 'caldav');
      if (!connection) return { status: 'skipped', reason: NO_CALENDAR_CONNECTION, synced: 0 };
      const call = await loadCall(input);
      const calendar = new CalDavClient(
        openConnectionConfig<CalDavConfig>(config.SECRETS_ENCRYPTION_KEY, connection),
        config,
      );
      return asActivityFailure('calendar', async () => {
        const appointments = await collections.appointments
          .find({ org_id: input.orgId, call_id: call._id })
          .sort({ _id: 1 })
          .toArray();
        for (const appointment of appointments) {
          const event = calendarEvent(appointment, call._id, restBaseUrl(config));
          const uid = event.uid;
          const url = await calendar.putEvent(event);
          await collections.appointments.updateOne(
            { _id: appointment._id, org_id: input.orgId },
            { $set: { calendar_uid: uid, calendar_url: url } },
          );
          await recordEvent(deps, {
            orgId: input.orgId,
            type: 'appointment.synced',
            subjectId: appointment._id,
            data: { appointment_id: appointment._id, call_id: call._id, calendar_uid: uid, calendar_url: url },
          });
        }
        return { status: 'completed', synced: appointments.length } as SyncOutcome;
      });
    },
  };
}
