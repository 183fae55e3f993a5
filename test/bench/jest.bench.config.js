/** Benchmarks are TypeScript run by jest + ts-jest (already dev dependencies): `npm run bench`. */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
	moduleFileExtensions: ['ts', 'js', 'json'],
	testMatch: ['<rootDir>/test/bench/**/*.bench.ts'],
	modulePathIgnorePatterns: ['<rootDir>/.tmp/', '<rootDir>/dist/'],
	testTimeout: 600_000,
};
