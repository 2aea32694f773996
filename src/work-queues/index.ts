// Work queues (issue 26): a tenant's queues of open cases with members, conditions in the decision policy's
// rules language, Next case, automatic assignment (round robin, least loaded) under a capacity, and members'
// availability. Reads cases through src/cases' exports and assigns through its assignment use case.
export { ASSIGNMENT_MODES, QUEUE_FACTS, type AssignmentMode, type QueueView, type QueueMemberView, type AvailabilityView } from './queue';
export { setQueues } from './set-queues';
export type { SetQueuesItem } from './validate-queues';
export { listQueues } from './list-queues';
export { nextCase } from './next-case';
export { setAvailability, getAvailability } from './set-availability';
export { placeAllCases } from './place-cases';
export { fillQueues } from './fill-queues';
export { sweepWorkQueues } from './sweep-work-queues';
export { findQueue, queuesOfCases, inQueueCondition } from './queue-lookups';
export { workQueuesModule } from './module';
export { sendQueueSlaDigests, QUEUE_SLA_DIGEST_MAIL, QUEUE_SLA_DIGEST_TASK } from './sla-digest';
