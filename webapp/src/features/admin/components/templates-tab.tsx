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
import { templateSchema } from '../../../../../shared/schemas/admin';
import type { NotificationTemplateItem } from '../../../../../shared/types';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast, toastError } from '../../../components/toast-store';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { EmptyState } from '../../../components/empty-state/empty-state';
import { Field } from '../../../components/field/field';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { schemaResolver } from '../../../lib/form-resolver';
import { intlLocale, defineMessages, useT, type MessageDescriptor } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useOrganisation } from '../api/organisation';
import { useDeleteTemplate } from '../api/delete-template';
import { useTemplates } from '../api/get-templates';
import { useSaveTemplate } from '../api/save-template';
import { useTestTemplates } from '../api/test-templates';
import { summariseTemplateTest } from './template-test-summary';

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
  eventCreated: { id: 'web.admin.templates.typeEventCreated', defaultMessage: 'Event Created' },
  eventUpdated: { id: 'web.admin.templates.typeEventUpdated', defaultMessage: 'Event Updated' },
  email: { id: 'web.admin.templates.channelEmail', defaultMessage: 'Email' },
  sms: { id: 'web.admin.templates.channelSms', defaultMessage: 'SMS' },
  updated: { id: 'web.admin.templates.updated', defaultMessage: 'Template updated' },
  created: { id: 'web.admin.templates.created', defaultMessage: 'Template created' },
  updateFailed: { id: 'web.admin.templates.updateFailed', defaultMessage: 'Error updating template' },
  createFailed: { id: 'web.admin.templates.createFailed', defaultMessage: 'Error creating template' },
  editTitle: { id: 'web.admin.templates.editTitle', defaultMessage: 'Edit Notification Template' },
  createTitle: { id: 'web.admin.templates.createTitle', defaultMessage: 'Create Notification Template' },
  typeLabel: { id: 'web.admin.templates.typeLabel', defaultMessage: 'Template Type' },
  selectType: { id: 'web.admin.templates.selectType', defaultMessage: 'Select a type' },
  channelLabel: { id: 'web.admin.templates.channelLabel', defaultMessage: 'Channel' },
  selectChannel: { id: 'web.admin.templates.selectChannel', defaultMessage: 'Select a channel' },
  templateLabel: { id: 'web.admin.templates.templateLabel', defaultMessage: 'Template' },
  variables: {
    id: 'web.admin.templates.variables',
    defaultMessage: 'Variables: {variables}',
    description: '`variables`: the placeholders a template may use, such as {{eventName}}.',
  },
  saving: { id: 'web.admin.templates.saving', defaultMessage: 'Saving...' },
  update: { id: 'web.admin.templates.update', defaultMessage: 'Update Template' },
  create: { id: 'web.admin.templates.create', defaultMessage: 'Create Template' },
  cancel: { id: 'web.admin.templates.cancel', defaultMessage: 'Cancel' },
  tested: { id: 'web.admin.templates.tested', defaultMessage: 'Templates tested' },
  testFailed: { id: 'web.admin.templates.testFailed', defaultMessage: 'Error testing templates' },
  deleted: { id: 'web.admin.templates.deleted', defaultMessage: 'Template deleted' },
  deleteFailed: { id: 'web.admin.templates.deleteFailed', defaultMessage: 'Error deleting template' },
  listTitle: { id: 'web.admin.templates.listTitle', defaultMessage: 'Notification Templates' },
  testing: { id: 'web.admin.templates.testing', defaultMessage: 'Testing...' },
  test: { id: 'web.admin.templates.test', defaultMessage: 'Test Templates' },
  loading: { id: 'web.admin.templates.loading', defaultMessage: 'Loading templates...' },
  empty: { id: 'web.admin.templates.empty', defaultMessage: 'No templates found.' },
  emptyText: {
    id: 'web.admin.templates.emptyText',
    defaultMessage: 'Create templates for different notification types and channels.',
  },
  item: {
    id: 'web.admin.templates.item',
    defaultMessage: '{type} · {channel}',
    description: 'A template in the list: its type, then its channel.',
  },
  edit: { id: 'web.admin.templates.edit', defaultMessage: 'Edit' },
  delete: { id: 'web.admin.templates.delete', defaultMessage: 'Delete' },
  deleteTitle: { id: 'web.admin.templates.deleteTitle', defaultMessage: 'Delete template' },
  deleteText: {
    id: 'web.admin.templates.deleteText',
    defaultMessage: 'Are you sure you want to delete this template?',
  },
  deleting: { id: 'web.admin.templates.deleting', defaultMessage: 'Deleting...' },
});

const TYPE_LABELS: Record<TemplateType, MessageDescriptor> = {
  event_created: messages.eventCreated,
  event_updated: messages.eventUpdated,
};
const CHANNEL_LABELS: Record<TemplateChannel, MessageDescriptor> = { email: messages.email, sms: messages.sms };

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
          toast({ title: t(editing ? messages.updated : messages.created) });
          reset(empty);
          onDone();
        },
        onError: (error) => toastError(t(editing ? messages.updateFailed : messages.createFailed), errorMessage(error)),
      },
    ),
  );

  return (
    <Card title={t(editing ? messages.editTitle : messages.createTitle)}>
      <form className="form" onSubmit={submit} noValidate>
        <Field label={t(messages.typeLabel)} id="template-type" error={errors.type?.message}>
          <select {...register('type')}>
            <option value="">{t(messages.selectType)}</option>
            {TEMPLATE_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(TYPE_LABELS[value])}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t(messages.channelLabel)} id="template-channel" error={errors.channel?.message}>
          <select {...register('channel')}>
            <option value="">{t(messages.selectChannel)}</option>
            {TEMPLATE_CHANNELS.map((channel) => (
              <option key={channel} value={channel}>
                {t(CHANNEL_LABELS[channel])}
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
          label={t(messages.templateLabel)}
          id="template-text"
          error={errors.template?.message}
          hint={t(messages.variables, {
            variables: new Intl.ListFormat(intlLocale(), { type: 'conjunction', style: 'narrow' }).format(
              (type ? TEMPLATE_VARIABLES[type] : TEMPLATE_VARIABLES.event_updated).map((name) => `{{${name}}}`),
            ),
          })}
        >
          <textarea {...register('template')} />
        </Field>
        <div className="button-group">
          <Button type="submit" disabled={save.isPending}>
            {t(save.isPending ? messages.saving : editing ? messages.update : messages.create)}
          </Button>
          {editing && (
            <Button variant="secondary" onClick={onDone}>
              {t(messages.cancel)}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

export function TemplatesTab() {
  const t = useT();
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
        if (ok) toast({ title: t(messages.tested), description });
        else toastError(t(messages.testFailed), description);
      },
      onError: (error) => toastError(t(messages.testFailed), errorMessage(error)),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: t(messages.deleted) });
        if (editing?.id === deleting.id) setEditing(null);
      },
      onError: (error) => toastError(t(messages.deleteFailed), errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="two-columns">
      <TemplateForm key={editing?.id ?? 'new'} editing={editing} focusFirst={modeChanged} onDone={() => edit(null)} />
      <Card
        title={t(messages.listTitle)}
        actions={
          <Button variant="secondary" size="small" disabled={test.isPending} onClick={runTest}>
            <Send size={16} aria-hidden="true" />
            {t(test.isPending ? messages.testing : messages.test)}
          </Button>
        }
      >
        {templates.isPending ? (
          <Skeleton label={t(messages.loading)} />
        ) : templates.isError ? (
          <p role="alert">{errorMessage(templates.error)}</p>
        ) : templates.data.length === 0 ? (
          <EmptyState icon={<Inbox size={22} />} title={t(messages.empty)}>
            <p>{t(messages.emptyText)}</p>
          </EmptyState>
        ) : (
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {templates.data.map((item) => (
              <li key={item.id} className="template-item">
                <strong>
                  {t(messages.item, {
                    type: TYPE_LABELS[item.type] ? t(TYPE_LABELS[item.type]) : item.type,
                    channel: CHANNEL_LABELS[item.channel] ? t(CHANNEL_LABELS[item.channel]) : item.channel,
                  })}{' '}
                  · <span lang={item.language}>{LANGUAGE_NAMES[item.language] ?? item.language}</span>
                </strong>
                <pre lang={item.language} dir="auto">
                  {item.template}
                </pre>
                <div className="button-group">
                  <Button variant="secondary" size="small" onClick={() => edit(item)}>
                    <Pencil size={16} aria-hidden="true" />
                    {t(messages.edit)}
                  </Button>
                  <Button variant="danger" size="small" onClick={() => setDeleting(item)}>
                    <Trash2 size={16} aria-hidden="true" />
                    {t(messages.delete)}
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
        title={t(messages.deleteTitle)}
        description={t(messages.deleteText)}
        confirmLabel={t(messages.delete)}
        busyLabel={t(messages.deleting)}
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
