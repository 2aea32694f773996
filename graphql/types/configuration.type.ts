import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { AuditEntryView } from '../../src/audit/index';
import type { EventCatalogueEntry as CatalogueEntry } from '../../src/events/index';
import { ConnectionOf } from '../connection';

@ObjectType({ description: 'One event type of the webhook catalogue (a JSON Schema each at /schemas/webhooks/<type>.v1.json).' })
export class EventCatalogueEntry {
  @Field({ description: 'The event name, as in X-SVC-Event and a subscription list.' }) type!: string;
  @Field(() => Int) version!: number;
  @Field({ description: "The contract's sentence: when it is emitted." }) description!: string;
  @Field({ description: 'The payload is about one case (carries caseId and crmRecordId).' }) carriesCase!: boolean;
}

export function eventCatalogueEntryOf(e: CatalogueEntry): EventCatalogueEntry {
  return { type: e.type, version: e.version, description: e.description, carriesCase: e.carriesCase };
}

@ObjectType({ description: 'One line of the organisation configuration audit log.' })
export class AuditLogEntry {
  @Field(() => ID) id!: string;
  @Field({ description: "Who: a member's email, `operator`, or `api_client:<clientId>` for an API override." }) actor!: string;
  @Field({ description: 'What, e.g. webhook_endpoint.created, api_client.revoked, four_eyes.set, full_parity.set, case.duplicate_open_case_override.' })
  action!: string;
  @Field(() => GraphQLJSONObject, { description: "The action's facts (ids and new values); never a secret." }) details!: Record<string, unknown>;
  @Field() createdAt!: Date;
}

export function auditLogEntryOf(e: AuditEntryView): AuditLogEntry {
  return { id: e.id, actor: e.actor, action: e.action, details: e.details, createdAt: e.createdAt };
}

export const AuditLogEntryConnection = ConnectionOf(AuditLogEntry, 'AuditLogEntry');
