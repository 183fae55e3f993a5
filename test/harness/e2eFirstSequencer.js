/**
 * jest's order (failed first, then longest first from the last run's timings, else largest file),
 * with every e2e file ahead of the unit and integration files: each e2e file boots its own n8n and
 * runs for minutes, so the short files fill the workers' ends instead of an e2e file running alone.
 */
const Sequencer = require('@jest/test-sequencer').default;

class E2eFirstSequencer extends Sequencer {
	sort(tests) {
		const sorted = super.sort(tests);
		const isE2e = (test) => test.context.config.displayName?.name === 'e2e';
		return [...sorted.filter(isE2e), ...sorted.filter((test) => !isE2e(test))];
	}
}

module.exports = E2eFirstSequencer;
