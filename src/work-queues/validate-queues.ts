import { DomainError, type ValidationDetail } from '../errors';
import { validateConditions, type PolicyConditions } from '../policy/index';
import { ASSIGNMENT_MODES, QUEUE_FACTS, type AssignmentMode } from './queue';
import type { QueueInput } from './work-queues.repository';

const MAX_QUEUES = 50;
const MAX_MEMBERS = 200;
const MAX_CAPACITY = 10_000;

/** What setQueues takes, as an adapter hands it over (conditions already parsed from JSON, or null). */
export interface SetQueuesItem {
  name: unknown;
  conditions: unknown;
  memberIds: unknown;
  assignment: { mode: unknown; capacity?: unknown } | null | undefined;
}

/**
 * Checks the queues a compliance admin sends and returns them normalised: 1 to 50 queues with distinct
 * names (1 to 100 characters), conditions in the decision policy's rules language over QUEUE_FACTS (null
 * for a catch-all), members among `currentMemberIds`, a mode, and a capacity from 1 to 10,000 (required
 * for the automatic modes). Every problem is reported with its path.
 */
export function validateQueues(input: readonly SetQueuesItem[], currentMemberIds: ReadonlySet<string>): QueueInput[] {
  const details: ValidationDetail[] = [];
  const fail = (path: string, message: string) => details.push({ path, message });
  if (input.length > MAX_QUEUES) throw DomainError.validation([{ path: 'input', message: `must be a list of at most ${MAX_QUEUES} queues` }]);
  const names = new Set<string>();
  const out = input.map((q, i): QueueInput => {
    const path = `input.${i}`;
    const name = typeof q.name === 'string' ? q.name.trim() : '';
    if (name === '' || name.length > 100) fail(`${path}.name`, 'must be text of 1 to 100 characters');
    else if (names.has(name.toLowerCase())) fail(`${path}.name`, `repeats the queue name ${name}`);
    names.add(name.toLowerCase());
    const conditions = q.conditions === null || q.conditions === undefined
      ? null : validateConditions(`${path}.conditions`, q.conditions, QUEUE_FACTS, fail) as PolicyConditions;
    const memberIds: string[] = [];
    if (!Array.isArray(q.memberIds) || q.memberIds.length > MAX_MEMBERS) fail(`${path}.memberIds`, `must be a list of at most ${MAX_MEMBERS} member ids`);
    else {
      q.memberIds.forEach((m, j) => {
        if (typeof m !== 'string' || !currentMemberIds.has(m)) fail(`${path}.memberIds.${j}`, 'is not a current member of the organisation');
        else if (memberIds.includes(m)) fail(`${path}.memberIds.${j}`, 'repeats a member');
        else memberIds.push(m);
      });
    }
    const mode = q.assignment?.mode as AssignmentMode;
    if (!ASSIGNMENT_MODES.includes(mode)) fail(`${path}.assignment.mode`, `must be one of ${ASSIGNMENT_MODES.join(', ')}`);
    const capacity = q.assignment?.capacity ?? null;
    if (capacity !== null && (typeof capacity !== 'number' || !Number.isInteger(capacity) || capacity < 1 || capacity > MAX_CAPACITY)) {
      fail(`${path}.assignment.capacity`, `must be a whole number from 1 to ${MAX_CAPACITY}`);
    } else if (capacity === null && mode !== 'manual' && ASSIGNMENT_MODES.includes(mode)) {
      fail(`${path}.assignment.capacity`, `is required for ${mode}: the open cases a member may own before automatic assignment passes them over`);
    }
    return { name, conditions, memberIds, mode, capacity: capacity as number | null };
  });
  if (details.length) throw DomainError.validation(details);
  return out;
}
