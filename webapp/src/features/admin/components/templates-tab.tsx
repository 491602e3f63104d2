// Notification templates: a form in create or edit mode, and the list with Edit, Delete and 'Test Templates'.
import { Inbox, Pencil, Send, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  TEMPLATE_CHANNELS,
  TEMPLATE_TYPES,
  TEMPLATE_VARIABLES,
  type TemplateChannel,
  type TemplateType,
} from '../../../../../shared/constants';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../../../shared/i18n/languages';
import { templateSchema } from '../../../../../shared/schemas';
import type { NotificationTemplateItem } from '../../../../../shared/types';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast, toastError } from '../../../components/toast-store';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { EmptyState } from '../../../components/empty-state/empty-state';
import { Field } from '../../../components/field/field';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { schemaResolver } from '../../../lib/form-resolver';
import { errorMessage } from '../../../lib/api-client';
import { defineMessages, useT } from '../../../i18n';
import { useOrganisation } from '../api/organisation';
import { useDeleteTemplate } from '../api/delete-template';
import { useTemplates } from '../api/get-templates';
import { useSaveTemplate } from '../api/save-template';
import { useTestTemplates } from '../api/test-templates';
import { summariseTemplateTest } from './template-test-summary';

const TYPE_LABELS: Record<TemplateType, string> = { event_created: 'Event Created', event_updated: 'Event Updated' };
const CHANNEL_LABELS: Record<TemplateChannel, string> = { email: 'Email', sms: 'SMS' };

const messages = defineMessages({
  language: {
    id: 'web.admin.templates.language',
    description: 'The language a notification template is written in',
    defaultMessage: 'Language',
  },
  languageHint: {
    id: 'web.admin.templates.languageHint',
    defaultMessage:
      'Members get the template in their language, else the one in the organisation’s language, else the built-in text.',
  },
});

interface FormValues {
  type: TemplateType | '';
  channel: TemplateChannel | '';
  template: string;
  language: Language;
}
const EMPTY: FormValues = { type: '', channel: '', template: '', language: 'en' };
/** An unchosen select is a missing value, which the schema reports with the SPEC's words. */
const resolver = schemaResolver(templateSchema, (values: FormValues) => ({
  type: values.type || undefined,
  channel: values.channel || undefined,
  template: values.template,
  language: values.language,
}));

interface TemplateFormProps {
  editing: NotificationTemplateItem | null;
  /** Set once the form changed mode from the list: keyboard users continue in the form, not on a vanished button. */
  focusFirst: boolean;
  onDone: () => void;
}

function TemplateForm({ editing, focusFirst, onDone }: TemplateFormProps) {
  const t = useT();
  const save = useSaveTemplate();
  // A new template is written in the organisation's language unless the admin picks another.
  const organisationLanguage = useOrganisation().data?.defaultLanguage ?? 'en';
  const empty: FormValues = { ...EMPTY, language: organisationLanguage };
  const {
    register,
    control,
    handleSubmit,
    reset,
    setFocus,
    setValue,
    getFieldState,
    formState: { errors },
  } = useForm({
    defaultValues: editing
      ? { type: editing.type, channel: editing.channel, template: editing.template, language: editing.language }
      : empty,
    resolver,
  });
  useEffect(() => {
    if (focusFirst) setFocus('type');
  }, [focusFirst, setFocus]);
  // The organisation's settings may arrive after the form: an untouched new template follows them.
  useEffect(() => {
    if (!editing && !getFieldState('language').isDirty) setValue('language', organisationLanguage);
  }, [editing, organisationLanguage, getFieldState, setValue]);
  const type = useWatch({ control, name: 'type' });

  const submit = handleSubmit((input) =>
    save.mutate(
      { id: editing?.id ?? null, input },
      {
        onSuccess: () => {
          toast({ title: editing ? 'Template updated' : 'Template created' });
          reset(empty);
          onDone();
        },
        onError: (error) =>
          toastError(editing ? 'Error updating template' : 'Error creating template', errorMessage(error)),
      },
    ),
  );

  return (
    <Card title={editing ? 'Edit Notification Template' : 'Create Notification Template'}>
      <form className="form" onSubmit={submit} noValidate>
        <Field label="Template Type" id="template-type" error={errors.type?.message}>
          <select {...register('type')}>
            <option value="">Select a type</option>
            {TEMPLATE_TYPES.map((value) => (
              <option key={value} value={value}>
                {TYPE_LABELS[value]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Channel" id="template-channel" error={errors.channel?.message}>
          <select {...register('channel')}>
            <option value="">Select a channel</option>
            {TEMPLATE_CHANNELS.map((channel) => (
              <option key={channel} value={channel}>
                {CHANNEL_LABELS[channel]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={t(messages.language)}
          id="template-language"
          error={errors.language?.message}
          hint={t(messages.languageHint)}
        >
          <select {...register('language')}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Template"
          id="template-text"
          error={errors.template?.message}
          hint={`Variables: ${(type ? TEMPLATE_VARIABLES[type] : TEMPLATE_VARIABLES.event_updated)
            .map((name) => `{{${name}}}`)
            .join(', ')}`}
        >
          <textarea {...register('template')} />
        </Field>
        <div className="button-group">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : editing ? 'Update Template' : 'Create Template'}
          </Button>
          {editing && (
            <Button variant="secondary" onClick={onDone}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

export function TemplatesTab() {
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const test = useTestTemplates();
  const [editing, setEditing] = useState<NotificationTemplateItem | null>(null);
  const [deleting, setDeleting] = useState<NotificationTemplateItem | null>(null);
  const [modeChanged, setModeChanged] = useState(false);
  const edit = (item: NotificationTemplateItem | null) => {
    setModeChanged(true);
    setEditing(item);
  };

  const runTest = () =>
    test.mutate(undefined, {
      onSuccess: (response) => {
        const { ok, description } = summariseTemplateTest(response);
        if (ok) toast({ title: 'Templates tested', description });
        else toastError('Error testing templates', description);
      },
      onError: (error) => toastError('Error testing templates', errorMessage(error)),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Template deleted' });
        if (editing?.id === deleting.id) setEditing(null);
      },
      onError: (error) => toastError('Error deleting template', errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="two-columns">
      <TemplateForm key={editing?.id ?? 'new'} editing={editing} focusFirst={modeChanged} onDone={() => edit(null)} />
      <Card
        title="Notification Templates"
        actions={
          <Button variant="secondary" size="small" disabled={test.isPending} onClick={runTest}>
            <Send size={16} aria-hidden="true" />
            {test.isPending ? 'Testing...' : 'Test Templates'}
          </Button>
        }
      >
        {templates.isPending ? (
          <Skeleton label="Loading templates..." />
        ) : templates.isError ? (
          <p role="alert">{errorMessage(templates.error)}</p>
        ) : templates.data.length === 0 ? (
          <EmptyState icon={<Inbox size={22} />} title="No templates found.">
            <p>Create templates for different notification types and channels.</p>
          </EmptyState>
        ) : (
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {templates.data.map((item) => (
              <li key={item.id} className="template-item">
                <strong>
                  {TYPE_LABELS[item.type] ?? item.type} · {CHANNEL_LABELS[item.channel] ?? item.channel} ·{' '}
                  <span lang={item.language}>{LANGUAGE_NAMES[item.language] ?? item.language}</span>
                </strong>
                <pre lang={item.language} dir="auto">
                  {item.template}
                </pre>
                <div className="button-group">
                  <Button variant="secondary" size="small" onClick={() => edit(item)}>
                    <Pencil size={16} aria-hidden="true" />
                    Edit
                  </Button>
                  <Button variant="danger" size="small" onClick={() => setDeleting(item)}>
                    <Trash2 size={16} aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete template"
        description="Are you sure you want to delete this template?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
