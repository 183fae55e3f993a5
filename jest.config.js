/** Three projects: unit (no services), integration (real sshd, git, Prometheus), e2e (real n8n). */
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] };
// Build output and scratch copies hold another package.json of the same name: keep them out of the module map.
const modulePathIgnorePatterns = ['<rootDir>/dist/', '<rootDir>/generator/dist/', '<rootDir>/.tmp/'];
// Catalogue files import the CLI by its package name, as a user's project does; tests run its source.
const moduleNameMapper = {
	'^hermes-workflows$': '<rootDir>/generator/index.ts',
};
const base = { testEnvironment: 'node', transform, moduleFileExtensions: ['ts', 'js', 'json'], modulePathIgnorePatterns, moduleNameMapper };

module.exports = {
	testSequencer: '<rootDir>/test/harness/e2eFirstSequencer.js',
	projects: [
		{ ...base, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
		{ ...base, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.test.ts'] },
		{
			...base,
			displayName: 'e2e',
			testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
			// n8n boots in 15-40 s inside beforeAll: 5 min per test and hook.
			setupFilesAfterEnv: ['<rootDir>/test/harness/n8n/jestTimeout.ts'],
		},
	],
};
