// A register's totals and live ratio as a screen shows them: the saved marks with any unsaved taps over them.
// Those marked present or late are there; the ratio counts the cleared leaders and the minors among them with the
// one rule the API uses (`ratioOf`).
import { ratioOf } from '../../../../../../shared/leader-ratio';
import type { EventRegister, RegisterStatus } from '../../../../../../shared/types/registers';

export type Marks = Map<number, RegisterStatus>;

export function counted(register: EventRegister, marks: Marks = new Map()) {
  const totals = { present: 0, late: 0, excused: 0, absent: 0, unmarked: 0 };
  let leaders = 0;
  let minors = 0;
  for (const line of register.lines) {
    const status = marks.get(line.user.id) ?? line.status;
    totals[status ?? 'unmarked'] += 1;
    if (status === 'present' || status === 'late') {
      if (line.clearedLeader) leaders += 1;
      if (line.minor) minors += 1;
    }
  }
  return { totals, ratio: ratioOf(leaders, minors, register.rule) };
}
