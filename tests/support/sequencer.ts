// The order test files start in. Vitest's default runs one project after the other (every API file, then every
// browser file) and, without a cache of earlier durations (a fresh clone has none), the larger files first. Here
// the browser files, which take tens of seconds each, start first and the many short API files fill the two
// workers behind them, so neither worker sits idle while the last long file runs alone.
import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONG_RUNNING_PROJECT = 'web';

function weight(spec: TestSpecification): [number, number] {
  return [spec.project.name === LONG_RUNNING_PROJECT ? 0 : 1, -statSync(spec.moduleId).size];
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => {
      const [projectA, sizeA] = weight(a);
      const [projectB, sizeB] = weight(b);
      return projectA - projectB || sizeA - sizeB;
    });
  }
}
