/**
 * A real headless browser for the approval page: Debian's Chromium (test/setup/install-chromium.sh)
 * driven by playwright-core, so the page's HTML, n8n's sandbox CSP and the form POST are exercised
 * as a person's browser does. Playwright's own browser downloads are not used (no network here).
 * Every request not addressed to 127.0.0.1 is aborted and listed in `blocked`: a page that would
 * load something from outside shows up in the test instead of hanging it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Bounds every navigation and click: a local page answers in well under a second. */
const DEFAULT_TIMEOUT_MS = 15_000;

export interface PageResult {
	/** HTTP status of the last document loaded (0 when the browser got no response). */
	status: number;
	/** The document's visible text (`document.body.innerText`). */
	text: string;
	/** Where the browser ended up. */
	url: string;
	/** Response headers of that document, names in lower case. */
	headers: Record<string, string>;
}

export interface FramedResult {
	/** Where the frame ended up: the page, or Chromium's error page when the page refused to be framed. */
	url: string;
	/** The frame's visible text, `''` when it shows none the test can read. */
	text: string;
}

export interface BrowserHandle {
	/** Opens `url` and answers its text; no click. */
	openOnly(url: string): Promise<PageResult>;
	/**
	 * Opens `url`, clicks the button named by `button` (a CSS selector such as
	 * `button[value=approve]`, or else the button's visible text) and answers the page the click
	 * led to.
	 */
	openAndClick(url: string, button: string): Promise<PageResult>;
	/**
	 * Opens a page of another origin (a server of the harness's own on 127.0.0.1) that frames
	 * `url`, as a clickjacking page would.
	 */
	openFramed(url: string): Promise<FramedResult>;
	/**
	 * Opens `url` in a window of `viewport` (a phone's or a desktop's), answers where each of
	 * `selectors` sits (its top and bottom in CSS pixels from the page's top, undefined when
	 * absent) and, with `screenshot`, writes the first screen as PNG there.
	 */
	openSized(url: string, viewport: Viewport, selectors: readonly string[], screenshot?: string): Promise<SizedResult>;
	/** URLs the route refused (not 127.0.0.1). */
	readonly blocked: readonly string[];
	close(): Promise<void>;
}

export interface Viewport {
	width: number;
	height: number;
}

export interface SizedResult extends PageResult {
	boxes: Record<string, { top: number; bottom: number } | undefined>;
}

/** A phone's first screen (CSS pixels of a common 6-inch phone) and a laptop's. */
export const PHONE: Viewport = { width: 390, height: 844 };
export const DESKTOP: Viewport = { width: 1280, height: 800 };

export interface BrowserOptions {
	timeoutMs?: number;
}

/** A CSS selector starts with a tag, `#`, `.` or `[` and holds selector punctuation; a button text does not. */
function looksLikeSelector(button: string): boolean {
	return /^(css=|xpath=)/.test(button) || /^[a-z]*[#.[]/.test(button);
}

function isLocal(url: string): boolean {
	try {
		const { protocol, hostname } = new URL(url);
		if (protocol === 'data:' || protocol === 'about:') return true;
		return hostname === '127.0.0.1';
	} catch {
		return false;
	}
}

async function pageResult(page: Page, response: { status(): number; headers(): Record<string, string> } | null): Promise<PageResult> {
	const text = await page.locator('body').innerText();
	return { status: response?.status() ?? 0, text, url: page.url(), headers: response?.headers() ?? {} };
}

/** Serves `html` once on 127.0.0.1 with a free port, until closed. */
async function servePage(html: string): Promise<{ url: string; close(): Promise<void> }> {
	const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(html));
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/`,
		close: () => {
			server.closeAllConnections();
			return new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

export async function launchBrowser(options: BrowserOptions = {}): Promise<BrowserHandle> {
	const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
	const blocked: string[] = [];
	const browser: Browser = await chromium.launch({
		executablePath: CHROMIUM_PATH,
		headless: true,
		timeout,
		args: [
			// Runs as root in a container: Chromium's sandbox needs user namespaces it may not get.
			'--no-sandbox',
			'--disable-gpu',
			// /dev/shm is small in containers; Chromium then crashes on larger pages.
			'--disable-dev-shm-usage',
			// No update checks, component downloads, sync or crash reports: nothing leaves 127.0.0.1.
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--disable-breakpad',
			'--disable-features=Translate,OptimizationHints,MediaRouter',
			'--no-first-run',
			'--no-default-browser-check',
		],
	});

	async function withPage<T>(use: (page: Page) => Promise<T>, viewport?: Viewport): Promise<T> {
		const context: BrowserContext = await browser.newContext(viewport ? { viewport } : {});
		try {
			context.setDefaultTimeout(timeout);
			context.setDefaultNavigationTimeout(timeout);
			await context.route('**/*', async (route) => {
				const url = route.request().url();
				if (isLocal(url)) return route.continue();
				blocked.push(url);
				return route.abort('blockedbyclient');
			});
			return await use(await context.newPage());
		} finally {
			await context.close();
		}
	}

	return {
		blocked,
		openOnly: (url) =>
			withPage(async (page) => {
				const response = await page.goto(url, { waitUntil: 'load' });
				return pageResult(page, response);
			}),
		openSized: (url, viewport, selectors, screenshot) =>
			withPage(async (page) => {
				const response = await page.goto(url, { waitUntil: 'load' });
				const boxes: SizedResult['boxes'] = {};
				for (const selector of selectors) {
					const box = await page.locator(selector).first().boundingBox({ timeout: 2_000 }).catch(() => null);
					boxes[selector] = box ? { top: box.y, bottom: box.y + box.height } : undefined;
				}
				if (screenshot) await page.screenshot({ path: screenshot });
				return { ...(await pageResult(page, response)), boxes };
			}, viewport),
		openFramed: (url) =>
			withPage(async (page) => {
				const attacker = `<!doctype html><body><iframe src="${url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" width="800" height="600"></iframe></body>`;
				// Served from 127.0.0.1 too: Chromium refuses a public page (a data: URL) framing a local one anyway.
				const framing = await servePage(attacker);
				try {
					await page.goto(framing.url, { waitUntil: 'load' });
				} finally {
					await framing.close();
				}
				const frame = page.frames().find((f) => f !== page.mainFrame());
				if (!frame) return { url: '', text: '' };
				const text = await frame
					.locator('body')
					.innerText({ timeout: 2_000 })
					.catch(() => '');
				return { url: frame.url(), text };
			}),
		openAndClick: (url, button) =>
			withPage(async (page) => {
				await page.goto(url, { waitUntil: 'load' });
				const target = looksLikeSelector(button)
					? page.locator(button)
					: page.getByRole('button', { name: button, exact: true });
				// The click submits a form: wait for the document it leads to, not just the click.
				const [response] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), target.first().click()]);
				return pageResult(page, response);
			}),
		close: () => browser.close(),
	};
}
