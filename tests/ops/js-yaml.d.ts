// The part of js-yaml's API the deployment-file tests use (the package ships no types).
declare module 'js-yaml' {
  /** Parses one YAML document (anchors and `<<` merges resolved) into plain values. */
  export function load(source: string, options?: { filename?: string }): unknown;
}
