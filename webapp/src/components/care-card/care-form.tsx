// The care card's form: allergies, medications, medical notes, diet and up to three emergency contacts, the
// member's own (Settings) or a child's (the guardian's family home). The whole card is sent (PUT replaces it);
// a refusal names a field, shown beside it, and everything typed stays for the next try.
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import {
  CARE_LIMITS,
  DIETARY_NEEDS,
  type CareCard,
  type CareCardContent,
  type DietaryNeed,
} from '../../../../shared/care';
import { errorMessage } from '../../lib/api-client';
import { useSaveCareCard, type CareOwner } from '../../lib/care';
import { defineMessages, useT } from '../../i18n';
import { Button } from '../button/button';
import { Field } from '../field/field';
import { toast } from '../toast-store';
import { careMessages, DIETARY_LABELS } from './care-messages';
import { isRefusal, refusalText, refusedField, type CareValues } from './care-refusal';
import styles from './care-card.module.css';

const messages = defineMessages({
  phoneHint: {
    id: 'web.care.form.phoneHint',
    defaultMessage: 'With + and the country code, such as +44 7700 900123',
  },
  contactTitle: { id: 'web.care.form.contactTitle', defaultMessage: 'Contact {number, number}' },
  addContact: { id: 'web.care.form.addContact', defaultMessage: 'Add a contact' },
  removeContact: { id: 'web.care.form.removeContact', defaultMessage: 'Remove contact {number, number}' },
  remove: { id: 'web.care.form.remove', defaultMessage: 'Remove' },
  contactsHint: {
    id: 'web.care.form.contactsHint',
    defaultMessage: 'Up to {max, number} people to call if something happens.',
  },
  save: { id: 'web.care.form.save', defaultMessage: 'Save card' },
  saving: { id: 'web.care.form.saving', defaultMessage: 'Saving...' },
  saved: { id: 'web.care.form.saved', defaultMessage: 'Health & emergency card saved' },
  failed: { id: 'web.care.form.failed', defaultMessage: 'Could not save the card' },
});

const EMPTY_CONTACT = { name: '', relation: '', phone: '' };

const toValues = (card: CareCard): CareValues => ({
  allergies: card.allergies ?? '',
  medications: card.medications ?? '',
  medicalNotes: card.medicalNotes ?? '',
  needs: [...card.dietary.needs],
  dietaryNotes: card.dietary.notes ?? '',
  contacts: card.emergencyContacts.map((contact) => ({ ...contact })),
});

/** Spaces, dashes, dots and brackets people type in a number go; the API keeps international format only. */
const phoneDigits = (phone: string) => phone.replace(/[\s\-().]/g, '');

const toContent = (values: CareValues): CareCardContent => ({
  allergies: values.allergies,
  medications: values.medications,
  medicalNotes: values.medicalNotes,
  dietary: { needs: values.needs as DietaryNeed[], notes: values.dietaryNotes },
  emergencyContacts: values.contacts.map((contact) => ({ ...contact, phone: phoneDigits(contact.phone) })),
});

interface CareFormProps {
  owner: CareOwner;
  card: CareCard;
  /** Unique on the page: a guardian's home has one form per child. */
  idPrefix: string;
}

export function CareForm({ owner, card, idPrefix }: CareFormProps) {
  const t = useT();
  const save = useSaveCareCard(owner);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CareValues>({ defaultValues: toValues(card) });
  const contacts = useFieldArray({ control, name: 'contacts' });

  const submit = handleSubmit((values) => {
    setProblem(null);
    save.mutate(toContent(values), {
      onSuccess: (saved) => {
        reset(toValues(saved));
        toast({ title: t(messages.saved) });
      },
      onError: (error) => {
        const field = isRefusal(error) && error.serverMessage ? refusedField(error.serverMessage) : null;
        if (field && isRefusal(error)) setError(field, { message: refusalText(error, field) }, { shouldFocus: true });
        else setProblem(`${t(messages.failed)}: ${errorMessage(error)}`);
      },
    });
  });

  const text = (name: 'allergies' | 'medications' | 'medicalNotes') => (
    <Field label={t(careMessages[name])} id={`${idPrefix}-${name}`} error={errors[name]?.message}>
      <textarea rows={2} dir="auto" maxLength={CARE_LIMITS.text} {...register(name)} />
    </Field>
  );

  return (
    <form className={`form ${styles.form}`} onSubmit={submit} noValidate>
      {card.unreadable && (
        <p className={styles.unreadable} role="status">
          {t(careMessages.unreadable)}
        </p>
      )}
      {text('allergies')}
      {text('medications')}
      {text('medicalNotes')}
      <fieldset className={styles.group} aria-describedby={errors.needs ? `${idPrefix}-needs-error` : undefined}>
        <legend>{t(careMessages.dietary)}</legend>
        <div className={styles.needs}>
          {DIETARY_NEEDS.map((need) => (
            <label key={need} className="checkbox-row">
              <input type="checkbox" value={need} {...register('needs')} />
              <span>{t(DIETARY_LABELS[need])}</span>
            </label>
          ))}
        </div>
        {errors.needs?.message && (
          <p id={`${idPrefix}-needs-error`} className={styles.error} role="alert">
            {errors.needs.message}
          </p>
        )}
        <Field
          label={t(careMessages.dietaryNotes)}
          id={`${idPrefix}-dietaryNotes`}
          error={errors.dietaryNotes?.message}
        >
          <textarea rows={2} dir="auto" maxLength={CARE_LIMITS.text} {...register('dietaryNotes')} />
        </Field>
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t(careMessages.contacts)}</legend>
        <p className="muted">{t(messages.contactsHint, { max: CARE_LIMITS.emergencyContacts })}</p>
        {contacts.fields.map((field, index) => {
          const number = index + 1;
          const error = errors.contacts?.[index];
          return (
            <div key={field.id} className={styles.contact} role="group" aria-labelledby={`${idPrefix}-c${index}`}>
              <div className={styles.contactHead}>
                <h4 id={`${idPrefix}-c${index}`}>{t(messages.contactTitle, { number })}</h4>
                <Button
                  variant="ghost"
                  size="small"
                  onClick={() => contacts.remove(index)}
                  aria-label={t(messages.removeContact, { number })}
                >
                  <Trash2 size={16} aria-hidden="true" />
                  {t(messages.remove)}
                </Button>
              </div>
              <div className={styles.contactFields}>
                <Field
                  label={t(careMessages.contactName)}
                  id={`${idPrefix}-c${index}-name`}
                  error={error?.name?.message}
                >
                  <input
                    type="text"
                    dir="auto"
                    autoComplete="off"
                    maxLength={CARE_LIMITS.contactName}
                    {...register(`contacts.${index}.name`)}
                  />
                </Field>
                <Field
                  label={t(careMessages.contactRelation)}
                  id={`${idPrefix}-c${index}-relation`}
                  error={error?.relation?.message}
                >
                  <input
                    type="text"
                    dir="auto"
                    autoComplete="off"
                    maxLength={CARE_LIMITS.contactRelation}
                    {...register(`contacts.${index}.relation`)}
                  />
                </Field>
                <Field
                  label={t(careMessages.contactPhone)}
                  id={`${idPrefix}-c${index}-phone`}
                  hint={t(messages.phoneHint)}
                  error={error?.phone?.message}
                >
                  <input
                    type="tel"
                    inputMode="tel"
                    autoComplete="off"
                    dir="ltr"
                    placeholder="+44 7700 900123"
                    {...register(`contacts.${index}.phone`)}
                  />
                </Field>
              </div>
            </div>
          );
        })}
        {contacts.fields.length < CARE_LIMITS.emergencyContacts && (
          <div>
            <Button variant="secondary" size="small" onClick={() => contacts.append({ ...EMPTY_CONTACT })}>
              <Plus size={16} aria-hidden="true" />
              {t(messages.addContact)}
            </Button>
          </div>
        )}
      </fieldset>
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {t(save.isPending ? messages.saving : messages.save)}
        </Button>
      </div>
    </form>
  );
}
