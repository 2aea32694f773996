/**
 * What the case list reads of src/sla's clocks (table case_slas, owned by src/sla, which imports this;
 * src/cases never imports src/sla): the SLA states, the state of a clock row in SQL, and a case's due time.
 * Reads only, by table name.
 */

/** The states of a case's SLA: on_track, at_risk (80 % of the target used), breached (100 %), paused (waiting on the customer). */
export const SLA_STATES = ['on_track', 'at_risk', 'breached', 'paused'] as const;
export type SlaState = (typeof SLA_STATES)[number];

/**
 * The state of a case_slas row `s` in SQL at the instant bound to both `?` (STATE_SQL_PARAMS of them, the
 * same now): NULL for a status without a target; a paused clock that had used its target stays breached.
 */
export const slaStateSql = (s: string) => `CASE WHEN ${s}.target_ms IS NULL THEN NULL
  WHEN ${s}.paused_since IS NOT NULL THEN IF(${s}.used_ms >= ${s}.target_ms, 'breached', 'paused')
  WHEN ${s}.due_at <= ? THEN 'breached' WHEN ${s}.at_risk_at <= ? THEN 'at_risk' ELSE 'on_track' END`;
export const SLA_STATE_SQL_PARAMS = 2;

/** The case_slas row `s` that is the clock of case `c`'s current status, while the case is open. */
const currentClockSql = (s: string, c: string) =>
  `${s}.org_id = ${c}.org_id AND ${s}.case_pk = ${c}.pk AND ${s}.status = ${c}.status AND ${c}.status NOT IN ('approved', 'declined')`;

/** The state of the SLA of a case `c` of the list (NULL without one: closed, no clock, or no target for its status). */
export const caseSlaStateSql = (c: string) => `(SELECT ${slaStateSql('s')} FROM case_slas s WHERE ${currentClockSql('s', c)})`;

/** A case's SLA as the list reads it with its page (withSla): what src/sla's caseSlas answers for the case. */
export interface ListedCaseSla {
  /** When the target is reached; null while paused. */
  dueAt: string | null;
  state: SlaState;
  /** Since when the clock waits on the customer; null while it runs. */
  pausedSince: string | null;
  /** The status's target (hours). */
  targetHours: number;
}

/**
 * The list's join of the clock of each case's current status, as `sl` (no row for a closed case or one without a
 * clock), and its columns: the state at the instant bound to the first STATE_SQL_PARAMS `?` of the statement.
 */
export const caseSlaJoinSql = (c: string) => `LEFT JOIN case_slas sl ON ${currentClockSql('sl', c)}`;
export const CASE_SLA_COLUMNS = `${slaStateSql('sl')} AS sla_state, CAST(sl.due_at AS CHAR) AS sla_due_at, `
  + 'CAST(sl.paused_since AS CHAR) AS sla_paused_since, sl.target_ms AS sla_target_ms';

/**
 * A case's SLA due time as the list sorts it: cases without one (no SLA, closed, paused) after every other
 * in either direction (a far-future instant ascending, a far-past one descending).
 */
export const caseSlaDueSql = (c: string, direction: 'asc' | 'desc') =>
  `COALESCE((SELECT s.due_at FROM case_slas s WHERE ${currentClockSql('s', c)} AND s.target_ms IS NOT NULL), CAST('${direction === 'asc' ? '9999-12-31 23:59:59.999' : '1000-01-01 00:00:00.000'}' AS DATETIME(3)))`;
