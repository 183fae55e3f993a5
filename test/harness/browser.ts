/**
 * A real headless browser for the approval page: Debian's Chromium (test/setup/install-chromium.sh)
 * driven by playwright-core, so the page's HTML, n8n's sandbox CSP and the form POST are exercised
 * as a person's browser does. Playwright's own browser downloads are not used (no network here).
 * Every request not addressed to 127.0.0.1 is aborted and listed in `blocked`: a page that would
 * load something from outside shows up in the test instead of hanging it.
 */
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
	/** URLs the route refused (not 127.0.0.1). */
	readonly blocked: readonly string[];
	close(): Promise<void>;
}

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

async function pageResult(page: Page, status: number): Promise<PageResult> {
	const text = await page.locator('body').innerText();
	return { status, text, url: page.url() };
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

	async function withPage<T>(use: (page: Page) => Promise<T>): Promise<T> {
		const context: BrowserContext = await browser.newContext();
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
				return pageResult(page, response?.status() ?? 0);
			}),
		openAndClick: (url, button) =>
			withPage(async (page) => {
				await page.goto(url, { waitUntil: 'load' });
				const target = looksLikeSelector(button)
					? page.locator(button)
					: page.getByRole('button', { name: button, exact: true });
				// The click submits a form: wait for the document it leads to, not just the click.
				const [response] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), target.first().click()]);
				return pageResult(page, response?.status() ?? 0);
			}),
		close: () => browser.close(),
	};
}
