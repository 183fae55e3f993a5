import type { ContentType } from '../contract';

/** A request the content pipeline can take: checked and normalised. */
export interface ContentRequest {
	success: true;
	contentType: ContentType;
	text: string;
	url: string;
}

export function preparedAnswer(contentType: ContentType, text: string, url: string): ContentRequest {
	return { success: true, contentType, text, url };
}
