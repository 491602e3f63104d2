// Notification templates: a form in create or edit mode, and the list with Edit, Delete and 'Test Templates'.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  TEMPLATE_CHANNELS,
  TEMPLATE_TYPES,
  TEMPLATE_VARIABLES,
  type TemplateChannel,
  type TemplateType,
} from '../../../../../shared/constants';
import { templateSchema } from '../../../../../shared/schemas';
import type { NotificationTemplateItem } from '../../../../../shared/types';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast, toastError } from '../../../components/toast-store';
import { Card, FieldError, fieldErrors } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteTemplate } from '../api/delete-template';
import { useTemplates } from '../api/get-templates';
import { useSaveTemplate } from '../api/save-template';
import { useTestTemplates } from '../api/test-templates';

const TYPE_LABELS: Record<TemplateType, string> = { event_created: 'Event Created', event_updated: 'Event Updated' };
const CHANNEL_LABELS: Record<TemplateChannel, string> = { email: 'Email', sms: 'SMS' };

interface FormValues {
  type: TemplateType | '';
  channel: TemplateChannel | '';
  template: string;
}
const EMPTY: FormValues = { type: '', channel: '', template: '' };

interface TemplateFormProps {
  editing: NotificationTemplateItem | null;
  /** Set once the form changed mode from the list: keyboard users continue in the form, not on a vanished button. */
  focusFirst: boolean;
  onDone: () => void;
}

function TemplateForm({ editing, focusFirst, onDone }: TemplateFormProps) {
  const save = useSaveTemplate();
  const firstField = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (focusFirst) firstField.current?.focus();
  }, [focusFirst]);
  const [values, setValues] = useState<FormValues>(
    editing ? { type: editing.type, channel: editing.channel, template: editing.template } : EMPTY,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = templateSchema.safeParse({
      type: values.type || undefined,
      channel: values.channel || undefined,
      template: values.template,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    save.mutate(
      { id: editing?.id ?? null, input: parsed.data },
      {
        onSuccess: () => {
          toast({ title: editing ? 'Template updated' : 'Template created' });
          setValues(EMPTY);
          onDone();
        },
        onError: (error) =>
          toastError(editing ? 'Error updating template' : 'Error creating template', errorMessage(error)),
      },
    );
  };

  const described = (field: string) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `template-${field}-error` } : {};
  return (
    <Card title={editing ? 'Edit Notification Template' : 'Create Notification Template'}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="template-type">Template Type</label>
          <select
            id="template-type"
            ref={firstField}
            value={values.type}
            onChange={(e) => setValues({ ...values, type: e.target.value as FormValues['type'] })}
            {...described('type')}
          >
            <option value="">Select a type</option>
            {TEMPLATE_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABELS[type]}
              </option>
            ))}
          </select>
          <FieldError id="template-type-error" message={errors.type} />
        </div>
        <div className="field">
          <label htmlFor="template-channel">Channel</label>
          <select
            id="template-channel"
            value={values.channel}
            onChange={(e) => setValues({ ...values, channel: e.target.value as FormValues['channel'] })}
            {...described('channel')}
          >
            <option value="">Select a channel</option>
            {TEMPLATE_CHANNELS.map((channel) => (
              <option key={channel} value={channel}>
                {CHANNEL_LABELS[channel]}
              </option>
            ))}
          </select>
          <FieldError id="template-channel-error" message={errors.channel} />
        </div>
        <div className="field">
          <label htmlFor="template-text">Template</label>
          <textarea
            id="template-text"
            value={values.template}
            onChange={(e) => setValues({ ...values, template: e.target.value })}
            {...described('template')}
          />
          <p className="hint">
            Variables:{' '}
            {(values.type ? TEMPLATE_VARIABLES[values.type] : TEMPLATE_VARIABLES.event_updated)
              .map((name) => `{{${name}}}`)
              .join(', ')}
          </p>
          <FieldError id="template-template-error" message={errors.template} />
        </div>
        <div className="button-group">
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : editing ? 'Update Template' : 'Create Template'}
          </button>
          {editing && (
            <button type="button" className="button button-secondary" onClick={onDone}>
              Cancel
            </button>
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
      onSuccess: (result) =>
        toast({
          title: 'Templates tested',
          description: result?.message ?? 'Test notifications were sent. Check your email, and your phone for SMS.',
        }),
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
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={test.isPending}
            onClick={runTest}
          >
            {test.isPending ? 'Testing...' : 'Test Templates'}
          </button>
        }
      >
        {templates.isPending ? (
          <p role="status">Loading templates...</p>
        ) : templates.isError ? (
          <p role="alert">{errorMessage(templates.error)}</p>
        ) : templates.data.length === 0 ? (
          <>
            <p>No templates found.</p>
            <p className="muted">Create templates for different notification types and channels.</p>
          </>
        ) : (
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {templates.data.map((item) => (
              <li key={item.id} className="template-item">
                <strong>
                  {TYPE_LABELS[item.type] ?? item.type} · {CHANNEL_LABELS[item.channel] ?? item.channel}
                </strong>
                <pre>{item.template}</pre>
                <div className="button-group">
                  <button type="button" className="button button-secondary button-small" onClick={() => edit(item)}>
                    Edit
                  </button>
                  <button type="button" className="button button-danger button-small" onClick={() => setDeleting(item)}>
                    Delete
                  </button>
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
