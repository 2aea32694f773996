import type { JsonSchema } from '../schema';

/**
 * Body of POST /v1/cases (decisions.md "POST /v1/cases"): the schema the use case validates with and
 * the OpenAPI document publishes. Unknown fields are rejected: a typo must not silently drop data.
 */
export const CREATE_CASE_BODY_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['customerEmail', 'companyName'],
  properties: {
    customerEmail: {
      type: 'string', format: 'email', maxLength: 254,
      description: 'Who receives the invite. Any script; refused with control or invisible characters (a soft hyphen, a zero-width space), '
        + 'or a dot at the start or end of the part before the @ or two dots in a row there.',
    },
    companyName: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    customerName: { type: 'string', maxLength: 200 },
    country: { type: 'string', maxLength: 100, description: 'Country name.' },
    crmRecordId: { type: 'string', minLength: 1, maxLength: 128, description: 'Id of the upstream CRM record (case-sensitive); second dedup layer.' },
    crmSource: { type: 'string', maxLength: 64, description: 'Name of the CRM.' },
    sendInvite: { type: 'boolean', default: true, description: 'Send the customer the magic-link invite email. Default true.' },
    allowDuplicateCrmRecord: { type: 'boolean', default: false, description: 'Bypass the (orgId, crmRecordId) guard.' },
    allowDuplicate: { type: 'boolean', default: false, description: 'Bypass the open-case guard; recorded in the tenant configuration audit log.' },
  },
};

export interface CreateCaseBody {
  customerEmail: string;
  companyName: string;
  customerName?: string;
  country?: string;
  crmRecordId?: string;
  crmSource?: string;
  sendInvite?: boolean;
  allowDuplicateCrmRecord?: boolean;
  allowDuplicate?: boolean;
}

/** Body of the crm-record-id route. */
export const SET_CRM_RECORD_ID_BODY_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['crmRecordId'],
  properties: { crmRecordId: { type: 'string', minLength: 1, maxLength: 128 } },
};
