/**
 * What the generated approval gates write that the lint recognises in any workflow: the
 * parameter a gated tool adds, and the field names of the approval page's link and form.
 */

/** The optional parameter a gated tool gets: empty on the first call, the id it answered on the second. */
export const APPROVAL_ID_PARAM = 'approval_id';

/** The approval page's query and form fields: the request id, its secret (in the link's fragment) and the decision. */
export const PAGE_FIELDS = { id: 'id', secret: 's', decision: 'decision' } as const;
