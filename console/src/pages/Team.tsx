import { useEffect, useState } from 'preact/hooks';
import { apiData, errorText } from '../api';
import { BarChart } from '../chart';
import { ErrorMessage } from '../components';
import { formatSeconds } from '../format';

interface Metrics {
  calls: number;
  inbound: number;
  outbound: number;
  total_duration_seconds: number;
  average_duration_seconds: number | null;
  speed_to_lead: { leads: number; median_seconds: number | null; p90_seconds: number | null };
}
interface TeamMetrics {
  from: string;
  to: string;
  team: Metrics;
  groups: (Metrics & { key: string })[];
}

const PERIODS = [7, 30, 90] as const;
const minutes = (seconds: number | null) => (seconds === null ? null : Math.round((seconds / 60) * 10) / 10);

/** Team: calls per day, talk time and speed-to-lead per agent, over the last 7, 30 or 90 days. */
export function Team() {
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const [byDay, setByDay] = useState<TeamMetrics | null>(null);
  const [byAgent, setByAgent] = useState<TeamMetrics | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const to = new Date();
    const from = new Date(to.getTime() - days * 86_400_000);
    const query = (groupBy: string) =>
      `/analytics/team-metrics?from=${from.toISOString()}&to=${to.toISOString()}&group_by=${groupBy}`;
    Promise.all([apiData<TeamMetrics>('GET', query('day')), apiData<TeamMetrics>('GET', query('agent'))])
      .then(([day, agent]) => {
        setByDay(day);
        setByAgent(agent);
      })
      .catch((failure: unknown) => setError(errorText(failure, 'Could not load the team metrics')));
  }, [days]);

  return (
    <section aria-labelledby="team-heading">
      <h2 id="team-heading">Team</h2>
      <label>
        Period
        <select value={days} onChange={(e) => setDays(Number(e.currentTarget.value) as (typeof PERIODS)[number])}>
          {PERIODS.map((period) => (
            <option value={period}>last {period} days</option>
          ))}
        </select>
      </label>
      <ErrorMessage error={error} />
      {byDay && byAgent && (
        <>
          <p class="figures">
            <span>
              <strong data-testid="team-calls">{byDay.team.calls}</strong> calls
            </span>
            <span>
              <strong>{formatSeconds(byDay.team.total_duration_seconds)}</strong> talk time
            </span>
            <span>
              speed-to-lead median{' '}
              <strong>
                {byDay.team.speed_to_lead.median_seconds === null
                  ? '—'
                  : formatSeconds(byDay.team.speed_to_lead.median_seconds)}
              </strong>
            </span>
          </p>
          <h3>Calls per day</h3>
          <BarChart
            label="Calls per day"
            labels={byDay.groups.map((group) => group.key)}
            series={[
              { name: 'inbound', values: byDay.groups.map((group) => group.inbound) },
              { name: 'outbound', values: byDay.groups.map((group) => group.outbound) },
            ]}
            unit="calls"
          />
          <h3>Per agent</h3>
          <BarChart
            label="Talk time per agent, in minutes"
            labels={byAgent.groups.map((group) => group.key)}
            series={[
              { name: 'talk time', values: byAgent.groups.map((group) => minutes(group.total_duration_seconds)) },
            ]}
            unit="minutes of talk"
          />
          {byAgent.groups.some((group) => group.speed_to_lead.leads > 0) ? (
            <BarChart
              label="Speed-to-lead per agent: median and 90th percentile, in minutes"
              labels={byAgent.groups.map((group) => group.key)}
              series={[
                { name: 'median', values: byAgent.groups.map((group) => minutes(group.speed_to_lead.median_seconds)) },
                {
                  name: '90th percentile',
                  values: byAgent.groups.map((group) => minutes(group.speed_to_lead.p90_seconds)),
                },
              ]}
              unit="minutes to first response"
            />
          ) : (
            <p class="muted">No new leads were answered in this period, so there is no speed-to-lead to chart.</p>
          )}
          <table>
            <caption class="visually-hidden">Per agent</caption>
            <thead>
              <tr>
                <th scope="col">Agent</th>
                <th scope="col">Calls</th>
                <th scope="col">Talk time</th>
                <th scope="col">Speed-to-lead median</th>
                <th scope="col">p90</th>
              </tr>
            </thead>
            <tbody>
              {byAgent.groups.map((group) => (
                <tr key={group.key}>
                  <td>{group.key}</td>
                  <td>{group.calls}</td>
                  <td>{formatSeconds(group.total_duration_seconds)}</td>
                  <td>
                    {group.speed_to_lead.median_seconds === null
                      ? '—'
                      : formatSeconds(group.speed_to_lead.median_seconds)}
                  </td>
                  <td>
                    {group.speed_to_lead.p90_seconds === null ? '—' : formatSeconds(group.speed_to_lead.p90_seconds)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
