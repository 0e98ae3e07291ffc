/**
 * A strict reader of the Prometheus text exposition format, version 0.0.4, written from its
 * published description (prometheus.io/docs/instrumenting/exposition_formats), not from
 * prom-client: the tests read every /metrics answer with it, so a line Prometheus would refuse
 * fails a test. It checks the line grammar (names, label escapes, values, timestamps), one TYPE
 * and one HELP per family before its samples, a family's lines in one group, no sample twice, and
 * that histograms and summaries are whole (buckets ascending and cumulative, `+Inf` equal to
 * `_count`, `_sum` and `_count` present). Throws an Error naming the line on the first fault.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  /** The sample's own name (`x_bucket`, `x_sum`, …). */
  name: string;
  labels: Record<string, string>;
  value: number;
  timestamp?: number;
}

export interface Family {
  name: string;
  type: MetricType;
  help?: string;
  samples: Sample[];
}

const metricName = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const labelName = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const types = new Set<MetricType>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** The family a sample name belongs to: x_bucket/x_sum/x_count belong to a histogram or summary x. */
function familyOf(sample: string, families: Map<string, Family>): Family | undefined {
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (sample.endsWith(suffix)) {
      const base = families.get(sample.slice(0, -suffix.length));
      if (base && (base.type === 'histogram' || (base.type === 'summary' && suffix !== '_bucket'))) {
        return base;
      }
    }
  }
  return families.get(sample);
}

function parseValue(text: string, line: number): number {
  // Go's strconv.ParseFloat, which Prometheus reads values with: NaN, Inf and Infinity (signed), in any case.
  const special = text.toLowerCase();
  if (special === 'nan') {
    return Number.NaN;
  }
  if (/^\+?inf(inity)?$/.test(special)) {
    return Number.POSITIVE_INFINITY;
  }
  if (/^-inf(inity)?$/.test(special)) {
    return Number.NEGATIVE_INFINITY;
  }
  // Go's ParseFloat: decimal or exponent notation (no hex, no underscores here).
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) {
    throw new Error(`line ${line}: not a number: ${JSON.stringify(text)}`);
  }
  return Number(text);
}

function unescapeHelp(text: string, line: number): string {
  return text.replace(/\\(.?)/g, (_, c: string) => {
    if (c === '\\') {
      return '\\';
    }
    if (c === 'n') {
      return '\n';
    }
    throw new Error(`line ${line}: bad escape \\${c} in HELP`);
  });
}

/** Reads `{a="x",b="y"}` from `text` at `start` (which is `{`); answers the labels and where they end. */
function readLabels(text: string, start: number, line: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = start + 1;
  for (;;) {
    if (text[i] === '}') {
      return { labels, end: i + 1 };
    }
    const nameMatch = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(text.slice(i));
    if (!nameMatch) {
      throw new Error(`line ${line}: bad label name at ${JSON.stringify(text.slice(i, i + 20))}`);
    }
    const name = nameMatch[0];
    i += name.length;
    if (text[i] !== '=' || text[i + 1] !== '"') {
      throw new Error(`line ${line}: label ${name} without ="value"`);
    }
    i += 2;
    let value = '';
    for (;;) {
      const c = text[i];
      if (c === undefined) {
        throw new Error(`line ${line}: unterminated value of label ${name}`);
      }
      if (c === '"') {
        i += 1;
        break;
      }
      if (c === '\\') {
        const next = text[i + 1];
        if (next === '\\' || next === '"') {
          value += next;
        } else if (next === 'n') {
          value += '\n';
        } else {
          throw new Error(`line ${line}: bad escape in label ${name}`);
        }
        i += 2;
        continue;
      }
      if (c === '\n') {
        throw new Error(`line ${line}: raw line break in label ${name}`);
      }
      value += c;
      i += 1;
    }
    if (name in labels) {
      throw new Error(`line ${line}: label ${name} twice`);
    }
    labels[name] = value;
    if (text[i] === ',') {
      i += 1;
    } else if (text[i] !== '}') {
      throw new Error(`line ${line}: expected , or } after label ${name}`);
    }
  }
}

/** Reads a whole exposition; answers its families by name. */
export function parseExposition(text: string): Map<string, Family> {
  if (text.length > 0 && !text.endsWith('\n')) {
    throw new Error('the exposition must end with a line break');
  }
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  /** Families whose group of lines has ended (another family's line came after). */
  const closed = new Set<string>();
  let current: string | null = null;
  const enter = (family: string, line: number) => {
    if (current !== family) {
      if (closed.has(family)) {
        throw new Error(`line ${line}: lines of ${family} are not in one group`);
      }
      if (current !== null) {
        closed.add(current);
      }
      current = family;
    }
  };
  const lines = text.split('\n');
  lines.pop();
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') {
      return;
    }
    if (raw.startsWith('#')) {
      const match = /^#[ \t]+(HELP|TYPE)[ \t]+(\S+)(?:[ \t]+(.*))?$/.exec(raw);
      if (!match) {
        return; // a comment
      }
      const [, keyword, name, rest = ''] = match;
      if (!metricName.test(name)) {
        throw new Error(`line ${line}: bad metric name ${name}`);
      }
      enter(name, line);
      const family = families.get(name) ?? { name, type: 'untyped' as MetricType, samples: [] };
      if (keyword === 'TYPE') {
        if (!types.has(rest as MetricType)) {
          throw new Error(`line ${line}: unknown type ${JSON.stringify(rest)}`);
        }
        if (seen.has(`TYPE ${name}`) || family.samples.length > 0) {
          throw new Error(`line ${line}: TYPE of ${name} twice or after its samples`);
        }
        seen.add(`TYPE ${name}`);
        family.type = rest as MetricType;
      } else {
        if (seen.has(`HELP ${name}`)) {
          throw new Error(`line ${line}: HELP of ${name} twice`);
        }
        seen.add(`HELP ${name}`);
        family.help = unescapeHelp(rest, line);
      }
      families.set(name, family);
      return;
    }
    const nameMatch = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(raw);
    if (!nameMatch) {
      throw new Error(`line ${line}: not a sample: ${JSON.stringify(raw.slice(0, 80))}`);
    }
    const name = nameMatch[0];
    let i = name.length;
    let labels: Record<string, string> = {};
    if (raw[i] === '{') {
      ({ labels, end: i } = readLabels(raw, i, line));
    }
    const rest = raw.slice(i);
    const parts = rest.trim().split(/[ \t]+/);
    if (!/^[ \t]/.test(rest) || parts.length < 1 || parts.length > 2 || parts[0] === '') {
      throw new Error(`line ${line}: expected " value [timestamp]" after ${name}`);
    }
    for (const label of Object.keys(labels)) {
      if (!labelName.test(label) || label.startsWith('__')) {
        throw new Error(`line ${line}: bad label name ${label}`);
      }
    }
    const sample: Sample = { name, labels, value: parseValue(parts[0], line) };
    if (parts[1] !== undefined) {
      if (!/^-?\d+$/.test(parts[1])) {
        throw new Error(`line ${line}: bad timestamp ${parts[1]}`);
      }
      sample.timestamp = Number(parts[1]);
    }
    let family = familyOf(name, families);
    if (!family) {
      family = { name, type: 'untyped', samples: [] };
      families.set(name, family);
    }
    enter(family.name, line);
    const key = `${name}{${Object.entries(labels)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(',')}}`;
    if (seen.has(key)) {
      throw new Error(`line ${line}: sample ${key} twice`);
    }
    seen.add(key);
    if (family.type === 'counter' && (sample.value < 0 || Number.isNaN(sample.value))) {
      throw new Error(`line ${line}: a counter below zero`);
    }
    family.samples.push(sample);
  });
  for (const family of families.values()) {
    if (family.type === 'histogram') {
      checkHistogram(family);
    } else if (family.type === 'summary') {
      checkSummary(family);
    }
  }
  return families;
}

/** The labels of a sample without one of them, as a key (the series a bucket belongs to). */
function seriesKey(labels: Record<string, string>, without: string): string {
  return JSON.stringify(
    Object.entries(labels)
      .filter(([k]) => k !== without)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

function checkHistogram(family: Family): void {
  const series = new Map<string, { buckets: Array<{ le: number; value: number }>; sum?: number; count?: number }>();
  const of = (key: string) => {
    let entry = series.get(key);
    if (!entry) {
      entry = { buckets: [] };
      series.set(key, entry);
    }
    return entry;
  };
  for (const sample of family.samples) {
    if (sample.name === `${family.name}_bucket`) {
      if (sample.labels.le === undefined) {
        throw new Error(`${family.name}: a bucket without le`);
      }
      of(seriesKey(sample.labels, 'le')).buckets.push({ le: parseValue(sample.labels.le, 0), value: sample.value });
    } else if (sample.name === `${family.name}_sum`) {
      of(seriesKey(sample.labels, 'le')).sum = sample.value;
    } else if (sample.name === `${family.name}_count`) {
      of(seriesKey(sample.labels, 'le')).count = sample.value;
    } else {
      throw new Error(`${family.name}: sample ${sample.name} is not a histogram's`);
    }
  }
  for (const [key, entry] of series) {
    const { buckets } = entry;
    for (let i = 1; i < buckets.length; i++) {
      if (!(buckets[i].le > buckets[i - 1].le) || buckets[i].value < buckets[i - 1].value) {
        throw new Error(`${family.name} ${key}: buckets not ascending and cumulative`);
      }
    }
    const inf = buckets[buckets.length - 1];
    if (!inf || inf.le !== Number.POSITIVE_INFINITY) {
      throw new Error(`${family.name} ${key}: no le="+Inf" bucket`);
    }
    if (entry.count === undefined || entry.sum === undefined || entry.count !== inf.value) {
      throw new Error(`${family.name} ${key}: _count and _sum missing, or _count is not the +Inf bucket`);
    }
  }
}

function checkSummary(family: Family): void {
  const names = new Set(family.samples.map((s) => s.name));
  if (!names.has(`${family.name}_sum`) || !names.has(`${family.name}_count`)) {
    throw new Error(`${family.name}: a summary without _sum or _count`);
  }
  for (const sample of family.samples) {
    if (sample.name === family.name && sample.labels.quantile === undefined) {
      throw new Error(`${family.name}: a quantile sample without its quantile label`);
    }
  }
}
