/**
 * A scrape read back by the Prometheus project's own text-format parser: client_python's
 * `prometheus_client.parser.text_string_to_metric_families` (Debian's python3-prometheus-client, run with
 * /usr/bin/python3; `.ci/run` installs it). It refuses a text Prometheus would not read, and answers the families with
 * their samples. `prometheusParserSkipReason` says why it cannot run here (tests skip visibly then).
 */
import { execFileSync, spawnSync } from 'node:child_process';

export interface MetricFamily {
  name: string;
  type: string;
  samples: Array<{ name: string; labels: Record<string, string>; value: number }>;
}

const PYTHON = '/usr/bin/python3';
const PARSE = `
import json, sys
from prometheus_client.parser import text_string_to_metric_families
families = [{"name": f.name, "type": f.type, "samples": [{"name": s.name, "labels": s.labels, "value": s.value} for s in f.samples]}
            for f in text_string_to_metric_families(sys.stdin.read())]
json.dump(families, sys.stdout, allow_nan=True)
`;

export function prometheusParserSkipReason(): string | null {
  const probe = spawnSync(PYTHON, ['-c', 'import prometheus_client.parser'], { encoding: 'utf8' });
  return probe.status === 0 ? null : `Prometheus's text parser is not installed (apt-get install -y python3-prometheus-client): ${(probe.stderr || probe.error?.message || '').trim().split('\n').pop()}`;
}

/** The families of a scrape, as Prometheus's parser reads them (it throws on text it cannot read). */
export function parsePrometheusText(text: string): MetricFamily[] {
  const out = execFileSync(PYTHON, ['-c', PARSE], { input: text, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(out.replace(/\bNaN\b/g, 'null').replace(/-?\bInfinity\b/g, 'null')) as MetricFamily[];
}
