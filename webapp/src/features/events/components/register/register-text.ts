// The register's words, shared by its page and its rows.
import type { RegisterStatus } from '../../../../../../shared/types/registers';
import { defineMessages, type MessageDescriptor } from '../../../../i18n';

export const registerMessages = defineMessages({
  title: { id: 'web.register.title', defaultMessage: 'Register' },
  back: { id: 'web.register.back', defaultMessage: 'Back to the event' },
  present: { id: 'web.register.present', defaultMessage: 'Present' },
  late: { id: 'web.register.late', defaultMessage: 'Late' },
  excused: { id: 'web.register.excused', defaultMessage: 'Excused' },
  absent: { id: 'web.register.absent', defaultMessage: 'Absent' },
  unmarked: { id: 'web.register.unmarked', defaultMessage: 'Not marked' },
  totals: { id: 'web.register.totals', defaultMessage: 'Totals' },
  leader: { id: 'web.register.leader', defaultMessage: 'Leader' },
  checkedIn: { id: 'web.register.checkedIn', defaultMessage: 'Checked in' },
  coming: { id: 'web.register.coming', defaultMessage: 'Said yes' },
  notComing: { id: 'web.register.notComing', defaultMessage: 'Said no' },
  maybe: { id: 'web.register.maybe', defaultMessage: 'Said maybe' },
  ratio: {
    id: 'web.register.ratio',
    description: 'leaders: cleared leaders marked here; minors: young members marked here',
    defaultMessage:
      '{leaders, plural, one {# cleared leader} other {# cleared leaders}} for {minors, plural, one {# young member} other {# young members}}',
  },
  ratioShort: {
    id: 'web.register.ratioShort',
    description: 'required: cleared leaders these young members need; leaders: cleared leaders marked here',
    defaultMessage:
      '{required, plural, one {# cleared leader needed} other {# cleared leaders needed}} — {leaders, plural, one {# here} other {# here}}',
  },
  save: {
    id: 'web.register.save',
    defaultMessage: '{count, plural, =0 {Save the register} one {Save # change} other {Save # changes}}',
  },
  saved: { id: 'web.register.saved', defaultMessage: 'Register saved' },
  saveFailed: { id: 'web.register.saveFailed', defaultMessage: 'The register was not saved' },
  restAbsent: { id: 'web.register.restAbsent', defaultMessage: 'Mark the rest absent' },
  empty: {
    id: 'web.register.empty',
    defaultMessage: 'Nobody is on this register yet: it lists the section’s members and everyone who replied.',
  },
  refused: { id: 'web.register.refused', defaultMessage: 'The register is not open to you' },
});

/** In the order a leader goes through them: most people are there. */
export const STATUSES: Array<{ status: RegisterStatus; label: MessageDescriptor }> = [
  { status: 'present', label: registerMessages.present },
  { status: 'late', label: registerMessages.late },
  { status: 'excused', label: registerMessages.excused },
  { status: 'absent', label: registerMessages.absent },
];
