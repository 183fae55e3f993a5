/**
 * A reader that stops reading (`hermes-workflows generate --help | head`) ends the command
 * quietly with exit 0: the write that fails with EPIPE is no crash. Any other stream failure is
 * still thrown. Real: an EventEmitter standing for the stream, and the installed command's run()
 * on the process's own streams.
 */
import { EventEmitter } from 'node:events';

import { endQuietlyWhenReaderLeaves } from '../../../../generator/cli/io';
import { run } from '../../../../generator/cli/main';

const failure = (code: string) => Object.assign(new Error(`write ${code}`), { code, syscall: 'write' });

describe.each<[code: string, ends: boolean]>([
	['EPIPE', true],
	['ECONNRESET', false],
	['EBADF', false],
	['ENOSPC', false],
])('a write that fails with %s', (code, ends) => {
	it(ends ? 'ends the process with 0, printing nothing' : 'is thrown as before', () => {
		const stream = new EventEmitter();
		const exits: number[] = [];
		endQuietlyWhenReaderLeaves(stream as unknown as NodeJS.WriteStream, (exitCode) => exits.push(exitCode));
		if (ends) {
			stream.emit('error', failure(code));
			expect(exits).toEqual([0]);
		} else {
			expect(() => stream.emit('error', failure(code))).toThrow(`write ${code}`);
			expect(exits).toEqual([]);
		}
	});
});

it('the installed command ends quietly with 0 when its stdout or stderr reader has gone', async () => {
	const streams = [process.stdout, process.stderr];
	const before = streams.map((stream) => stream.listeners('error'));
	const exit = jest.spyOn(process, 'exit').mockImplementation(() => undefined as never);
	const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
	try {
		run(['node', 'hermes-workflows', '--version']);
		await new Promise((done) => setImmediate(done));
		streams.forEach((stream, i) => {
			const added = stream.listeners('error').filter((listener) => !before[i].includes(listener));
			expect(added).toHaveLength(1);
			(added[0] as (error: Error) => void)(failure('EPIPE'));
		});
		expect(exit.mock.calls).toEqual([[0], [0]]);
	} finally {
		streams.forEach((stream, i) => {
			for (const listener of stream.listeners('error')) if (!before[i].includes(listener)) stream.removeListener('error', listener as (...args: unknown[]) => void);
		});
		exit.mockRestore();
		write.mockRestore();
		process.exitCode = undefined;
	}
});
