/**
 * setupFilesAfterEnv of the e2e jest project: a real n8n boots in 15-40 s (longer on a busy
 * machine) inside beforeAll, and a push of every workflow adds more, so tests and hooks get 5 min.
 */
jest.setTimeout(300_000);
