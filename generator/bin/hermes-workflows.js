#!/usr/bin/env node
// The installed command. It exists before the TypeScript build, so npm links it on install in a
// fresh clone too; the CLI itself is the compiled dist/generator/cli/main.js (dist/core: the
// node contracts and lint core it is built with).
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const main = join(__dirname, '..', 'dist', 'generator', 'cli', 'main.js');
if (!existsSync(main)) {
	process.stderr.write('error: hermes-workflows is not built (dist/generator/cli/main.js is missing)\nhint: run `npm run build` in the repository first\n');
	process.exit(2);
}
require(main).run(process.argv);
