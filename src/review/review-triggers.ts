/** `triggeredBy` of the background review after a customer submits the application form. */
export const formSubmissionTrigger = (customerEmail: string) => `system:form-submission:${customerEmail}`;

/** `triggeredBy` of the background review after a customer confirms the review of extracted data. */
export const confirmReviewTrigger = (customerEmail: string) => `system:confirm-review:${customerEmail}`;
