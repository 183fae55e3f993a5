/**
 * What a test server received, in arrival order, with a bounded wait for the next match: the
 * SMTP server and the Telegram stand-in both record what n8n sent them and let a test wait for it
 * (n8n answers the workflow call before or after the send, so the test must not assume either).
 */
export class Recorder<T> {
	readonly items: T[] = [];
	private readonly waiters = new Set<(item: T) => void>();

	constructor(private readonly what: string) {}

	add(item: T): void {
		this.items.push(item);
		for (const waiter of [...this.waiters]) waiter(item);
	}

	/** The first item (already recorded or arriving) that matches; rejects after `timeoutMs`. */
	waitFor(predicate: (item: T) => boolean = () => true, timeoutMs = 10_000): Promise<T> {
		const found = this.items.find(predicate);
		if (found !== undefined) return Promise.resolve(found);
		return new Promise<T>((resolve, reject) => {
			const waiter = (item: T) => {
				if (!predicate(item)) return;
				clearTimeout(timer);
				this.waiters.delete(waiter);
				resolve(item);
			};
			const timer = setTimeout(() => {
				this.waiters.delete(waiter);
				reject(new Error(`${this.what}: nothing matching within ${timeoutMs} ms (${this.items.length} received)`));
			}, timeoutMs);
			this.waiters.add(waiter);
		});
	}
}
