/**
 * Every e2e suite that runs `npm run demo`, one after another in one file: the demo rebuilds the
 * package and the CLI (dist/, generator/dist/) and compiles itself into one shared folder, so no
 * two demos may build at once, and nothing that packs or runs the build may run beside them
 * (test/run-all.sh runs this file after the rest of the e2e):
 * - the README's main job (helpers/mainJobSuite.ts);
 * - the quick start in a user's own project against the demo (helpers/userProjectSuite.ts);
 * - the demo stopped by a signal during its start (helpers/demoSignalsSuite.ts).
 */
import { describeDemoSignals } from './helpers/demoSignalsSuite';
import { describeMainJob } from './helpers/mainJobSuite';
import { describeUserProject } from './helpers/userProjectSuite';

describe('the main job', () => describeMainJob());
describe("a user's project", () => describeUserProject());
describe('signals during the start', () => describeDemoSignals());
