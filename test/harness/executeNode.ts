import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeType,
	IVersionedNodeType,
} from 'n8n-workflow';

/**
 * Runs a node's real `execute()` the way n8n calls it, with parameters resolved per item.
 * Parameters may be plain values or functions of the item (to mimic expressions such as
 * `{{ $json.path }}`), and default to the node description's defaults, so a test sets only
 * what it cares about. Credentials are passed as their decrypted data. A versioned node runs
 * its default version unless `version` names another (a saved workflow keeps its version).
 */
export interface ExecuteNodeOptions {
	version?: number;
	parameters: Record<string, unknown | ((item: IDataObject, itemIndex: number) => unknown)>;
	items?: IDataObject[];
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	continueOnFail?: boolean;
	/** n8n helpers the node uses beyond returnJsonArray (e.g. httpRequest for an HTTP node). */
	helpers?: Partial<IExecuteFunctions['helpers']>;
}

/** The node type n8n runs for a version: a versioned node's version (its default without one), or the node itself. */
export function nodeOfVersion(nodeType: INodeType | IVersionedNodeType, version?: number): INodeType {
	return 'nodeVersions' in nodeType ? nodeType.getNodeType(version) : nodeType;
}

export async function executeNode(
	versioned: INodeType | IVersionedNodeType,
	options: ExecuteNodeOptions,
): Promise<INodeExecutionData[][]> {
	const nodeType = nodeOfVersion(versioned, options.version);
	const description = nodeType.description;
	const node: INode = {
		id: 'test-node',
		name: description.displayName,
		type: `CUSTOM.${description.name}`,
		typeVersion: Array.isArray(description.version) ? Math.max(...description.version) : description.version,
		position: [0, 0],
		parameters: {},
	};
	const items: INodeExecutionData[] = (options.items ?? [{}]).map((json) => ({ json }));
	const defaults = new Map(description.properties.map((p) => [p.name, p.default]));

	const ctx = {
		getInputData: () => items,
		getNode: () => node,
		continueOnFail: () => options.continueOnFail ?? false,
		getNodeParameter: (name: string, itemIndex: number, fallback?: unknown) => {
			if (name in options.parameters) {
				const value = options.parameters[name];
				return typeof value === 'function' ? value(items[itemIndex].json, itemIndex) : value;
			}
			if (defaults.has(name)) return defaults.get(name);
			if (fallback !== undefined) return fallback;
			throw new Error(`Could not get parameter "${name}"`);
		},
		getCredentials: async (type: string) => {
			const data = options.credentials?.[type];
			if (!data) throw new Error(`Node does not have credentials of type "${type}"`);
			return data;
		},
		helpers: {
			returnJsonArray: (data: IDataObject | IDataObject[]) =>
				(Array.isArray(data) ? data : [data]).map((json) => ({ json })),
			...options.helpers,
		},
		logger: { debug() {}, info() {}, warn() {}, error() {} },
	} as unknown as IExecuteFunctions;

	if (!nodeType.execute) throw new Error(`${description.name} has no execute()`);
	return (await nodeType.execute.call(ctx)) as INodeExecutionData[][];
}
