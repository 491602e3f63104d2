// Which section an event is for (Cubs, Scouts) or the whole organisation. Offered only when sections exist:
// admins may choose any; others the sections they lead (the server lets only a section's leaders put events
// there), and always the one the event already has. "The whole organisation" only for those who may make events
// for everyone (organisers, admins): a section leader's events belong to a section.
import { mayCreateEvents } from '../../../../../../shared/permissions';
import { Field } from '../../../../components/field/field';
import { defineMessages, useT } from '../../../../i18n';
import { useCurrentUser } from '../../../../lib/auth';
import { useSections } from '../../api/sections';

const messages = defineMessages({
  section: { id: 'web.events.form.section', defaultMessage: 'Section' },
  whole: { id: 'web.events.form.sectionWhole', defaultMessage: 'The whole organisation' },
  hint: {
    id: 'web.events.form.sectionHint',
    defaultMessage: "A section's event is seen only by its members, their parents and its leaders.",
  },
});

export function SectionField({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string | null;
}) {
  const t = useT();
  const { data: user } = useCurrentUser();
  const sections = useSections();
  const leads = new Set(user?.leadsSections.map((section) => section.id));
  const choices = (sections.data ?? []).filter(
    (section) => user?.isAdmin || leads.has(section.id) || section.id === value,
  );
  if (choices.length === 0) return null;
  const forEveryone = !!user && mayCreateEvents(user);
  return (
    <Field label={t(messages.section)} id="event-section" hint={t(messages.hint)} error={error}>
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
        {(forEveryone || value === null) && <option value="">{t(messages.whole)}</option>}
        {choices.map((section) => (
          <option key={section.id} value={section.id}>
            {section.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
