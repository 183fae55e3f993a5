import { CONTENT, CONTENT_CAPS, type ContentOperation, type ContentParam } from '../../../../core/content/contract';
import { HermesContent } from '../../../../nodes/HermesContent/HermesContent.node';
import { over, type NodeCases } from '../../../helpers/nodeCases';

export const CASES: NodeCases<ContentParam, ContentOperation> = {
	node: new HermesContent(),
	contract: CONTENT,
	group: 'transform',
	passing: { prepare: { text: 'x' } },
	failures: [
		[{ operation: 'publish', contentType: 'note', text: 'x' }, '__BAD_ARGUMENT__'],
		[{ contentType: 'poem', text: 'x', url: '' }, '__BAD_ACTION__'],
		[{ contentType: 'note', text: '', url: '' }, '__BAD_ARGUMENT__'],
		[{ contentType: 'note', text: over(CONTENT_CAPS.textChars), url: '' }, '__TOO_LARGE__'],
		[{ contentType: 'note', text: '', url: `https://example.com/${over(CONTENT_CAPS.urlChars)}` }, '__TOO_LARGE__'],
		[{ contentType: 'note', text: '', url: 'javascript:alert(1)' }, '__BAD_ARGUMENT__'],
		[{ contentType: 'note', text: '', url: 'http://127.0.0.1/' }, '__BAD_ARGUMENT__'],
	],
};
