// The server Playwright starts (playwright.config.ts → webServer): wipes the test DATA_DIR so
// every run begins on an empty database, then runs apps/server/src/main.ts with tsx.
import { rmSync, mkdirSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { bin, ROOT } from './run.mjs';

const dataDir = process.env.DATA_DIR;
// Refuse to wipe anything that is not clearly a test folder (a typo must not erase ./data).
if (!dataDir || !path.basename(dataDir).startsWith('smartdata-e2e')) {
  console.error(`e2e-server: DATA_DIR must be a folder named smartdata-e2e* (got ${dataDir ?? 'nothing'})`);
  process.exit(2);
}
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// Started the way `npm start` starts it: from apps/server, whose tsconfig maps the @server/ alias.
const server = spawn(bin('tsx'), ['src/main.ts'], { cwd: path.join(ROOT, 'apps/server'), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
