/** The 32 tools in the article's order, validated once at load. */
import { crm } from './crm';
import { infrastructure } from './infrastructure';
import { odooContacts } from './odooContacts';
import { odooProjects } from './odooProjects';
import { timesheets } from './timesheets';
import type { ToolSpec } from './types';
import { validateCatalogue } from './types';
import { vault } from './vault';

export const CATALOGUE: readonly ToolSpec[] = Object.freeze(
	validateCatalogue([...odooProjects, ...odooContacts, ...crm, ...timesheets, ...vault, ...infrastructure]),
);

export * from './types';
