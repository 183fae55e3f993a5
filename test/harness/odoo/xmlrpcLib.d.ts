/** Types for the serializer/deserializer modules of the `xmlrpc` package (not in @types/xmlrpc). */
declare module 'xmlrpc/lib/serializer' {
	export function serializeMethodResponse(result: unknown): string;
	export function serializeFault(fault: { faultCode: number; faultString: string }): string;
}
declare module 'xmlrpc/lib/deserializer' {
	import type { Readable } from 'node:stream';
	class Deserializer {
		deserializeMethodCall(
			stream: Readable,
			callback: (error: Error | null, methodName: string, params: unknown[]) => void,
		): void;
	}
	export = Deserializer;
}
