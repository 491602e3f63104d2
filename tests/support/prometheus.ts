// Reads Prometheus's text exposition format (version 0.0.4) strictly: every line must be a HELP, a TYPE, a sample
// of a family whose TYPE came before it, or empty; anything else throws with the line. What a scraper would
// refuse fails the test that reads it.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  samples: Sample[];
  /** Family name → counter, gauge, histogram, summary or untyped. */
  types: Map<string, string>;
  /** The value of the one sample with this name and these labels (all of them), or undefined. */
  value(name: string, labels?: Record<string, string>): number | undefined;
  /** Every sample of this name. */
  series(name: string): Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*';
const LABEL_VALUE = String.raw`"(?:[^"\\\n]|\\[\\"n])*"`;
/** A float as Go's ParseFloat reads it (Prometheus's parser): NaN and Inf in any case (prom-client writes Nan). */
const NUMBER = String.raw`(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|[+-]?(?:[iI][nN][fF](?:[iI][nN][iI][tT][yY])?)|[nN][aA][nN])`;
const HELP_LINE = new RegExp(`^# HELP (${NAME}) (.*)$`);
const TYPE_LINE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SAMPLE_LINE = new RegExp(
  `^(${NAME})(?:\\{((?:${LABEL}=${LABEL_VALUE})(?:,${LABEL}=${LABEL_VALUE})*,?)?\\})? (${NUMBER})(?: -?\\d+)?$`,
);
const LABEL_PAIR = new RegExp(`(${LABEL})=(${LABEL_VALUE})`, 'g');
/** The samples a histogram or summary family writes besides its own name. */
const SUFFIXES = ['_bucket', '_sum', '_count'];

const unescape = (quoted: string) =>
  quoted.slice(1, -1).replace(/\\(.)/g, (_match, char: string) => (char === 'n' ? '\n' : char));

function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name;
  const suffix = SUFFIXES.find((end) => name.endsWith(end));
  const base = suffix ? name.slice(0, -suffix.length) : undefined;
  return base && ['histogram', 'summary'].includes(types.get(base) ?? '') ? base : undefined;
}

export function parsePrometheus(text: string): Exposition {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  text.split('\n').forEach((line, index) => {
    const fail = (why: string) => {
      throw new Error(`line ${index + 1} ${why}: ${JSON.stringify(line)}`);
    };
    if (line === '' || HELP_LINE.test(line)) return;
    const type = TYPE_LINE.exec(line);
    if (type) {
      if (types.has(type[1]!)) fail('types a family twice');
      types.set(type[1]!, type[2]!);
      return;
    }
    const sample = SAMPLE_LINE.exec(line);
    if (!sample) return fail('is not Prometheus text format');
    const [, name, labelText = '', valueText] = sample;
    if (!familyOf(name!, types)) fail('is a sample of a family with no TYPE before it');
    const labels: Record<string, string> = {};
    for (const [, label, quoted] of labelText.matchAll(LABEL_PAIR)) {
      if (label! in labels) fail(`repeats the label ${label}`);
      labels[label!] = unescape(quoted!);
    }
    const special = valueText!.toLowerCase().replace(/^([+-]?)inf(inity)?$/, '$1Infinity');
    samples.push({ name: name!, labels, value: special === 'nan' ? Number.NaN : Number(special) });
  });
  const matches = (sample: Sample, labels: Record<string, string>) =>
    Object.keys(sample.labels).length === Object.keys(labels).length &&
    Object.entries(labels).every(([label, value]) => sample.labels[label] === value);
  return {
    samples,
    types,
    value: (name, labels = {}) => samples.find((sample) => sample.name === name && matches(sample, labels))?.value,
    series: (name) => samples.filter((sample) => sample.name === name),
  };
}
