import { describe, expect, it } from 'vitest';
import { parseExposition } from './metricsText';

/** The reader the metrics API test checks every scrape with: it must take what Prometheus takes and refuse what it refuses. */

// The example of the format's description (prometheus.io/docs/instrumenting/exposition_formats), NaN spelt as prom-client does.
const documented = `# HELP http_requests_total The total number of HTTP requests.
# TYPE http_requests_total counter
http_requests_total{method="post",code="200"} 1027 1395066363000
http_requests_total{method="post",code="400"}    3 1395066363000

# Escaping in label values:
msdos_file_access_time_seconds{path="C:\\\\DIR\\\\FILE.TXT",error="Cannot find file:\\n\\"FILE.TXT\\""} 1.458255915e9

# Minimalistic line:
metric_without_timestamp_and_labels 12.47

# A weird metric from before the epoch:
something_weird{problem="division by zero"} +Inf -3982045

# A histogram, which has a pretty complex representation in the text format:
# HELP http_request_duration_seconds A histogram of the request duration.
# TYPE http_request_duration_seconds histogram
http_request_duration_seconds_bucket{le="0.05"} 24054
http_request_duration_seconds_bucket{le="0.1"} 33444
http_request_duration_seconds_bucket{le="0.2"} 100392
http_request_duration_seconds_bucket{le="0.5"} 129389
http_request_duration_seconds_bucket{le="1"} 133988
http_request_duration_seconds_bucket{le="+Inf"} 144320
http_request_duration_seconds_sum 53423
http_request_duration_seconds_count 144320

# Finally a summary, which has a complex representation, too:
# HELP rpc_duration_seconds A summary of the RPC duration in seconds.
# TYPE rpc_duration_seconds summary
rpc_duration_seconds{quantile="0.01"} 3102
rpc_duration_seconds{quantile="0.5"} 4773
rpc_duration_seconds{quantile="0.99"} 76656
rpc_duration_seconds_sum 1.7560473e+07
rpc_duration_seconds_count 2693
# TYPE lag gauge
lag Nan
`;

describe('parseExposition', () => {
  it("reads the format description's own example", () => {
    const families = parseExposition(documented);
    expect(families.get('http_requests_total')).toMatchObject({ type: 'counter', help: 'The total number of HTTP requests.' });
    expect(families.get('http_requests_total')!.samples[1]).toEqual({ name: 'http_requests_total', labels: { method: 'post', code: '400' }, value: 3, timestamp: 1395066363000 });
    expect(families.get('msdos_file_access_time_seconds')!.samples[0].labels).toEqual({ path: 'C:\\DIR\\FILE.TXT', error: 'Cannot find file:\n"FILE.TXT"' });
    expect(families.get('something_weird')!.samples[0]).toMatchObject({ value: Number.POSITIVE_INFINITY, timestamp: -3982045 });
    expect(families.get('http_request_duration_seconds')!.samples).toHaveLength(8);
    expect(families.get('rpc_duration_seconds')!.type).toBe('summary');
    expect(families.get('lag')!.samples[0].value).toBeNaN();
  });

  it('refuses what Prometheus would refuse, naming the fault', () => {
    const bad: Array<[string, RegExp]> = [
      ['x 1', /end with a line break/],
      ['0x 1\n', /not a sample/],
      ['x{a="1"\n', /expected , or }|unterminated/],
      ['x{a="\\q"} 1\n', /bad escape/],
      ['x{a="1",a="2"} 1\n', /label a twice/],
      ['x{__a="1"} 1\n', /bad label name/],
      ['x one\n', /not a number/],
      ['x 1 1.5\n', /bad timestamp/],
      ['x 1\nx 2\n', /twice/],
      ['# TYPE x counter\n# TYPE x counter\nx 1\n', /TYPE of x twice/],
      ['# TYPE x gauge\nx 1\n# TYPE y gauge\ny 1\nx{a="b"} 2\n', /not in one group/],
      ['# TYPE x counter\nx -1\n', /below zero/],
      ['# TYPE x nonsense\n', /unknown type/],
      ['# TYPE h histogram\nh_bucket{le="1"} 5\nh_bucket{le="+Inf"} 4\nh_sum 1\nh_count 4\n', /ascending and cumulative/],
      ['# TYPE h histogram\nh_bucket{le="1"} 5\nh_sum 1\nh_count 5\n', /\+Inf/],
      ['# TYPE h histogram\nh_bucket{le="+Inf"} 5\nh_sum 1\nh_count 4\n', /_count/],
      ['# TYPE s summary\ns{quantile="0.5"} 1\ns_count 1\n', /without _sum/],
    ];
    for (const [text, fault] of bad) {
      expect(() => parseExposition(text), JSON.stringify(text)).toThrow(fault);
    }
  });
});
