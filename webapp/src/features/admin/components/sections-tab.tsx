// Admin → Setup → Sections: the organisation's sections (Beavers, Cubs, Scouts) with their colour and how many
// members each has; an admin creates, renames, recolours and deletes them, and opens one to choose its members
// and leaders. An organisation without sections works as before, so the empty state says what they are for.
import { Plus, Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { SectionItem } from '../../../../../shared/types/sections';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Dialog, DialogActions } from '../../../components/dialog/dialog';
import { Field } from '../../../components/field/field';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { toast, toastError } from '../../../components/toast-store';
import { defineMessages, useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteSection, useSaveSection, useSections, type SectionDraft } from '../api/sections';
import styles from './admin-lists.module.css';
import { SectionMembersDialog } from './section-members-dialog';
import { serverMessage } from './server-message';
import own from './sections-tab.module.css';

const messages = defineMessages({
  title: { id: 'web.admin.sections.title', defaultMessage: 'Sections' },
  intro: {
    id: 'web.admin.sections.intro',
    defaultMessage:
      "Sections are the groups within the organisation, such as Beavers, Cubs and Scouts. A section's events are seen only by its members, their parents and its leaders.",
  },
  empty: {
    id: 'web.admin.sections.empty',
    defaultMessage: 'No sections yet: every event is for the whole organisation.',
  },
  loading: { id: 'web.admin.sections.loading', defaultMessage: 'Loading sections' },
  add: { id: 'web.admin.sections.add', defaultMessage: 'New section' },
  edit: { id: 'web.admin.sections.edit', defaultMessage: 'Edit' },
  members: { id: 'web.admin.sections.members', defaultMessage: 'Members and leaders' },
  delete: { id: 'web.admin.sections.delete', defaultMessage: 'Delete' },
  memberCount: {
    id: 'web.admin.sections.memberCount',
    defaultMessage: '{count, plural, =0 {No members yet} one {# member} other {# members}}',
  },
  createTitle: { id: 'web.admin.sections.createTitle', defaultMessage: 'New section' },
  editTitle: { id: 'web.admin.sections.editTitle', defaultMessage: 'Edit {name}' },
  name: { id: 'web.admin.sections.name', defaultMessage: 'Name' },
  description: { id: 'web.admin.sections.description', defaultMessage: 'About this section (optional)' },
  colour: { id: 'web.admin.sections.colour', defaultMessage: 'Colour' },
  colourHint: {
    id: 'web.admin.sections.colourHint',
    defaultMessage: "Shown beside the section's events so members tell them apart at a glance.",
  },
  nameRequired: { id: 'web.admin.sections.nameRequired', defaultMessage: 'Give the section a name' },
  save: { id: 'web.admin.sections.save', defaultMessage: 'Save' },
  saving: { id: 'web.admin.sections.saving', defaultMessage: 'Saving...' },
  saved: { id: 'web.admin.sections.saved', defaultMessage: 'Section saved' },
  saveFailed: { id: 'web.admin.sections.saveFailed', defaultMessage: 'Could not save the section' },
  deleteTitle: { id: 'web.admin.sections.deleteTitle', defaultMessage: 'Delete {name}?' },
  deleteText: {
    id: 'web.admin.sections.deleteText',
    defaultMessage:
      'Its members stay members of the organisation, and its events become events of the whole organisation, seen by every member they were open to.',
  },
  deleting: { id: 'web.admin.sections.deleting', defaultMessage: 'Deleting...' },
  deleted: { id: 'web.admin.sections.deleted', defaultMessage: 'Section deleted' },
  deleteFailed: { id: 'web.admin.sections.deleteFailed', defaultMessage: 'Could not delete the section' },
});

/** A new section's colour until the admin picks one: the palette's first that no section uses yet. */
const PALETTE = ['#2563eb', '#16a34a', '#dc2626', '#9333ea', '#ea580c', '#0891b2', '#ca8a04', '#db2777'];

function SectionForm({ section, taken, onDone }: { section: SectionItem | null; taken: string[]; onDone: () => void }) {
  const t = useT();
  const save = useSaveSection();
  const [name, setName] = useState(section?.name ?? '');
  const [description, setDescription] = useState(section?.description ?? '');
  const [colour, setColour] = useState(
    section?.colour ?? PALETTE.find((value) => !taken.includes(value)) ?? PALETTE[0]!,
  );
  const [nameError, setNameError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(t(messages.nameRequired));
      return;
    }
    const draft: SectionDraft = { name: name.trim(), description: description.trim() || null, colour };
    save.mutate(
      { id: section?.id ?? null, draft },
      {
        onSuccess: () => {
          toast({ title: t(messages.saved) });
          onDone();
        },
        onError: (error) => toastError(t(messages.saveFailed), serverMessage(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className={styles.dialogBody}>
      <Field label={t(messages.name)} error={nameError} necessity="required">
        <input
          type="text"
          value={name}
          maxLength={60}
          autoComplete="off"
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
        />
      </Field>
      <Field label={t(messages.description)}>
        <textarea rows={3} maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <Field label={t(messages.colour)} hint={t(messages.colourHint)}>
        <input type="color" className={own.colourInput} value={colour} onChange={(e) => setColour(e.target.value)} />
      </Field>
      <DialogActions>
        <Button type="submit" disabled={save.isPending}>
          {t(save.isPending ? messages.saving : messages.save)}
        </Button>
      </DialogActions>
    </form>
  );
}

export function SectionsTab() {
  const t = useT();
  const sections = useSections();
  const remove = useDeleteSection();
  // The form is open for a new section (null) or one to edit; undefined: closed.
  const [editing, setEditing] = useState<SectionItem | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<SectionItem | null>(null);
  const [membersOf, setMembersOf] = useState<SectionItem | null>(null);
  const list = sections.data ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: t(messages.deleted) });
      },
      onError: (error) => {
        setDeleting(null);
        toastError(t(messages.deleteFailed), serverMessage(error));
      },
    });
  };

  return (
    <Card title={t(messages.title)} labelledBy="sections-title" className={styles.section}>
      <p className="muted">{t(messages.intro)}</p>
      <div className={styles.toolbar}>
        <Button onClick={() => setEditing(null)}>
          <Plus size={16} aria-hidden="true" /> {t(messages.add)}
        </Button>
      </div>
      {sections.isPending && <Skeleton label={t(messages.loading)} shape="lines" />}
      {sections.isError && <p role="alert">{errorMessage(sections.error)}</p>}
      {sections.isSuccess && list.length === 0 && <p className="muted">{t(messages.empty)}</p>}
      {list.length > 0 && (
        <ul className={styles.list} aria-label={t(messages.title)}>
          {list.map((section) => (
            <li key={section.id} className={styles.row} aria-label={section.name}>
              <div className={styles.main}>
                <span className={styles.name}>
                  <span className={own.swatch} style={{ background: section.colour ?? undefined }} aria-hidden="true" />
                  {section.name}
                </span>
                <span className={styles.meta}>{t(messages.memberCount, { count: section.memberCount })}</span>
                {section.description && <p className={own.description}>{section.description}</p>}
              </div>
              <div className={styles.actions}>
                <Button size="small" variant="secondary" onClick={() => setMembersOf(section)}>
                  <Users size={16} aria-hidden="true" /> {t(messages.members)}
                </Button>
                <Button size="small" variant="secondary" onClick={() => setEditing(section)}>
                  {t(messages.edit)}
                </Button>
                <Button size="small" variant="danger" onClick={() => setDeleting(section)}>
                  {t(messages.delete)}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Dialog
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
        title={editing ? t(messages.editTitle, { name: editing.name }) : t(messages.createTitle)}
      >
        {editing !== undefined && (
          <SectionForm
            key={editing?.id ?? 'new'}
            section={editing}
            taken={list.flatMap((section) => (section.colour ? [section.colour] : []))}
            onDone={() => setEditing(undefined)}
          />
        )}
      </Dialog>
      {membersOf && <SectionMembersDialog section={membersOf} onClose={() => setMembersOf(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t(messages.deleteTitle, { name: deleting?.name ?? '' })}
        description={t(messages.deleteText)}
        confirmLabel={t(messages.delete)}
        busyLabel={t(messages.deleting)}
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
