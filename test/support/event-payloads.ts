/** An event's payload as read back (JSON). */
export type Payload = Record<string, unknown>;

/** The event-specific part of a payload: without the envelope that recordEvent fills. */
export const own = (p: Payload) => {
  const { event: _e, eventId: _i, eventVersion: _v, timestamp: _t, orgId: _o, caseId: _c, crmRecordId: _r, caseSequence: _s, ...rest } = p;
  return rest;
};
