import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeType,
} from 'n8n-workflow';

/**
 * Runs a node's real `execute()` the way n8n calls it, with parameters resolved per item.
 * Parameters may be plain values or functions of the item (to mimic expressions such as
 * `{{ $json.path }}`), and default to the node description's defaults, so a test sets only
 * what it cares about. Credentials are passed as their decrypted data.
 */
export interface ExecuteNodeOptions {
	parameters: Record<string, unknown | ((item: IDataObject, itemIndex: number) => unknown)>;
	items?: IDataObject[];
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	continueOnFail?: boolean;
	/** n8n helpers the node uses beyond returnJsonArray (e.g. httpRequest for an HTTP node). */
	helpers?: Partial<IExecuteFunctions['helpers']>;
}

export async function executeNode(
	nodeType: INodeType,
	options: ExecuteNodeOptions,
): Promise<INodeExecutionData[][]> {
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
