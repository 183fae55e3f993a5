// Runs n8n's community-package scanner checks (its exported analyzePackage) on a folder and
// prints the result as JSON: the scanner is an ES module with its own ESLint.
const [scanner, dir, leg] = process.argv.slice(2);
const { analyzePackage, SOURCE_FILE_PATTERNS } = await import(`${scanner}/scanner/scanner.mjs`);
const result = leg === 'source' ? await analyzePackage(dir, SOURCE_FILE_PATTERNS) : await analyzePackage(dir);
process.stdout.write(JSON.stringify({ passed: result.passed, message: result.message, details: result.details ?? '' }));
