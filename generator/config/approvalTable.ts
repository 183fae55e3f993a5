/**
 * The approval store's name, as a config may choose it: n8n looks a data table up by name in
 * lower case, so the name must be lower case. It lives with the config that validates it, so
 * config/ never reads approvals/ (which reads the config).
 */
export const APPROVAL_TABLE_NAME = /^[a-z][a-z0-9_]{0,62}$/;
