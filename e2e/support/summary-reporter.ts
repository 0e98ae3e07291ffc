import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface FileTally {
  passed: number;
  failed: number;
  flaky: number;
  skipped: number;
  ms: number;
}

/** After the list reporter's lines, one row per spec file: how many passed, failed, flaky, skipped. */
export default class SummaryReporter implements Reporter {
  private readonly files = new Map<string, FileTally>();
  private readonly outcomes = new Map<TestCase, string>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = path.relative(process.cwd(), test.location.file);
    const tally = this.files.get(file) ?? { passed: 0, failed: 0, flaky: 0, skipped: 0, ms: 0 };
    tally.ms += result.duration;
    this.files.set(file, tally);
    // Retries report the same test again; the last outcome counts.
    this.outcomes.set(test, file);
  }

  onEnd(result: FullResult): void {
    for (const tally of this.files.values()) {
      tally.passed = tally.failed = tally.flaky = tally.skipped = 0;
    }
    for (const [test, file] of this.outcomes) {
      const tally = this.files.get(file)!;
      const outcome = test.outcome();
      if (outcome === 'expected') {
        tally.passed += 1;
      } else if (outcome === 'flaky') {
        tally.flaky += 1;
      } else if (outcome === 'skipped') {
        tally.skipped += 1;
      } else {
        tally.failed += 1;
      }
    }
    if (this.files.size === 0) {
      return;
    }
    const header = ['spec file', 'passed', 'failed', 'flaky', 'skipped', 'time'];
    const rows = [...this.files.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, t]) => [file, String(t.passed), String(t.failed), String(t.flaky), String(t.skipped), `${(t.ms / 1000).toFixed(1)}s`]);
    const widths = header.map((_, column) => Math.max(header[column].length, ...rows.map((row) => row[column].length)));
    const format = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
    console.log(`\nEnd-to-end summary (${result.status}):`);
    console.log(format(header));
    console.log(widths.map((width) => '-'.repeat(width)).join('  '));
    for (const row of rows) {
      console.log(format(row));
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}
