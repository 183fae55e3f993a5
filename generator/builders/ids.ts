/** Stable ids: uuid v5 of names, so the same catalogue always yields the same ids. */
import { v5 as uuidv5 } from 'uuid';

/** Fixed namespace of this project (a random v4, never to change: ids derive from it). */
const NAMESPACE = '6f1c2a55-0d3e-4c47-9a8e-3b7f51d2c9e4';

export function nodeId(workflowName: string, nodeName: string): string {
	return uuidv5(`node:${workflowName}/${nodeName}`, NAMESPACE);
}

export function webhookId(workflowName: string, nodeName: string): string {
	return uuidv5(`webhook:${workflowName}/${nodeName}`, NAMESPACE);
}
